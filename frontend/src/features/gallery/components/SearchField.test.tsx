import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { queryOf, serveCatalogue } from '../testing/catalogueServer';
import { findCardLink } from '../testing/interactions';
import type { Suggestion } from '../types';

const OWL_SUGGESTIONS: Suggestion[] = [
  {
    kind: 'title',
    text: 'Wandering Owl in Blue',
    urlName: 'wandering-owl-in-blue',
    price: { amount: '12.00', currency: 'EUR' },
  },
  { kind: 'tag', text: 'blue' },
  { kind: 'tag', text: 'blueberry' },
];

const searchField = () => screen.getByRole('combobox', { name: 'Search pictures' });

/** Types into the header's search and waits for its suggestions. */
async function typeAndWaitForSuggestions(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.type(searchField(), text);
  // Named once shown, which it is when suggestions came (the hidden list has no name).
  return within(await screen.findByRole('listbox', { name: 'Search pictures' }));
}

describe('the header’s search', () => {
  it('suggests titles with their price, then tags, for what was typed, in the shopper’s currency', async () => {
    const user = userEvent.setup();
    const { suggestRequests } = serveCatalogue({ suggestions: OWL_SUGGESTIONS });
    window.localStorage.setItem('currency', 'EUR');
    renderApp('/');

    const list = await typeAndWaitForSuggestions(user, 'owl blu');

    expect(searchField()).toHaveAttribute('aria-expanded', 'true');
    expect(searchField()).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
    expect(list.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Wandering Owl in Blue €12.00',
      'blue tag',
      'blueberry tag',
    ]);
    expect(queryOf(suggestRequests.at(-1))).toEqual({ Prefix: 'owl blu', Currency: 'EUR' });
    // Nothing is highlighted until an arrow key moves there, so Enter searches for the text.
    expect(searchField()).not.toHaveAttribute('aria-activedescendant');
  });

  it('moves through the suggestions with the arrow keys and opens the picture of a title on Enter', async () => {
    const user = userEvent.setup();
    serveCatalogue({ suggestions: OWL_SUGGESTIONS });
    const { history } = renderApp('/');
    const list = await typeAndWaitForSuggestions(user, 'owl');
    const [title, blue, blueberry] = list.getAllByRole('option');

    await user.keyboard('{ArrowDown}');
    expect(searchField()).toHaveAttribute('aria-activedescendant', title?.id);
    expect(title).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(searchField()).toHaveAttribute('aria-activedescendant', blueberry?.id);
    await user.keyboard('{ArrowDown}');
    expect(searchField()).toHaveAttribute('aria-activedescendant', title?.id);
    await user.keyboard('{ArrowUp}');
    expect(searchField()).toHaveAttribute('aria-activedescendant', blueberry?.id);
    await user.keyboard('{ArrowUp}');
    expect(blue).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{Enter}');

    expect(history.location.pathname).toBe('/gallery/picture/wandering-owl-in-blue');
    expect(searchField()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the suggestions on Escape, keeping the text', async () => {
    const user = userEvent.setup();
    serveCatalogue({ suggestions: OWL_SUGGESTIONS });
    renderApp('/');
    await typeAndWaitForSuggestions(user, 'owl');

    await user.keyboard('{ArrowDown}{Escape}');

    expect(searchField()).toHaveAttribute('aria-expanded', 'false');
    expect(searchField()).not.toHaveAttribute('aria-activedescendant');
    expect(screen.getByRole('listbox', { hidden: true })).not.toBeVisible();
    expect(searchField()).toHaveValue('owl');
  });

  it('searches the gallery for a tag picked with the pointer', async () => {
    const user = userEvent.setup();
    serveCatalogue({ suggestions: OWL_SUGGESTIONS });
    const { history } = renderApp('/contact');
    const list = await typeAndWaitForSuggestions(user, 'blu');

    await user.click(list.getByRole('option', { name: 'blueberry tag' }));

    expect(history.location.pathname).toBe('/gallery');
    expect(history.location.search).toBe('?q=blueberry');
    expect(searchField()).toHaveValue('blueberry');
  });

  it('searches for the text itself on Enter, sorted by relevance', async () => {
    const user = userEvent.setup();
    const { listRequests } = serveCatalogue({ suggestions: OWL_SUGGESTIONS });
    const { history } = renderApp('/');

    await user.type(searchField(), ' owl blu {Enter}');

    expect(history.location.pathname).toBe('/gallery');
    expect(history.location.search).toBe('?q=owl+blu');
    await waitFor(() =>
      expect(queryOf(listRequests.at(-1))).toMatchObject({ Search: 'owl blu', Sort: 'Relevance' }),
    );
  });

  it('keeps the category and filters in effect for a new search, but not the chosen order', async () => {
    const user = userEvent.setup();
    serveCatalogue();
    const { history } = renderApp('/gallery/landscapes?style=Watercolor&sort=LowToHigh');
    await findCardLink('Misty Fjord at Dawn');

    await user.type(searchField(), 'fjord{Enter}');

    expect(history.location.pathname).toBe('/gallery/landscapes');
    expect(history.location.search).toBe('?style=Watercolor&q=fjord');
  });

  it('shows the search of the gallery’s address, and empties when it is cleared', async () => {
    const user = userEvent.setup();
    serveCatalogue();
    const { history } = renderApp('/gallery?style=Watercolor&q=fjord');
    await findCardLink('Misty Fjord at Dawn');
    expect(searchField()).toHaveValue('fjord');

    await user.click(screen.getByRole('button', { name: 'Clear search' }));

    expect(history.location.search).toBe('?style=Watercolor');
    expect(searchField()).toHaveValue('');
  });

  it('opens from its button where the header has no room for it (a phone), focused', async () => {
    const user = userEvent.setup();
    serveCatalogue();
    renderApp('/');
    const open = screen.getByRole('button', { name: 'Search pictures' });
    expect(open).toHaveAttribute('aria-expanded', 'false');

    await user.click(open);

    expect(open).toHaveAttribute('aria-expanded', 'true');
    expect(searchField()).toHaveFocus();
    await user.tab();
    expect(open).toHaveAttribute('aria-expanded', 'false');
  });
});
