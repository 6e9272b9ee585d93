import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import { queryOf, serveCatalogue } from '../testing/catalogueServer';
import { chooseOption, findCardLink } from '../testing/interactions';

describe('gallery filters in the address', () => {
  it('asks the server for what the address says and shows it in the filter bar', async () => {
    const { listRequests } = serveCatalogue();
    renderApp(
      '/gallery/landscapes?style=Watercolor&orientation=Horizontal&from=10&to=50.5&sort=LowToHigh&q=fjord',
    );

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Landscapes' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(listRequests).toHaveLength(1));
    expect(queryOf(listRequests[0])).toEqual({
      Currency: 'EUR',
      Sort: 'LowToHigh',
      Orientation: 'Horizontal',
      Style: 'Watercolor',
      From: '10',
      To: '50.5',
      Category: 'landscapes',
      Search: 'fjord',
      Page: '1',
      PageSize: '24',
    });
    // With the counts of the answer: the mock's three seeds, one of each.
    await waitFor(() =>
      expect(screen.getByLabelText('Category')).toHaveDisplayValue('Landscapes (1)'),
    );
    expect(screen.getByLabelText('Style')).toHaveDisplayValue('Watercolor (1)');
    expect(screen.getByLabelText('Orientation')).toHaveDisplayValue('Horizontal (1)');
    expect(screen.getByLabelText('Sort by')).toHaveDisplayValue('Price: low to high');
    expect(screen.getByLabelText('Price from')).toHaveValue('10');
    expect(screen.getByLabelText('Price to')).toHaveValue('50.5');
    expect(screen.getByLabelText('Search')).toHaveValue('fjord');
  });

  it('writes the chosen filters into the address and fetches with them', async () => {
    const user = userEvent.setup();
    const { listRequests } = serveCatalogue();
    const { history } = renderApp('/gallery');
    await findCardLink('Misty Fjord at Dawn');

    await chooseOption(user, 'Style', 'Pop art');
    await chooseOption(user, 'Orientation', 'Square');
    await user.click(screen.getByLabelText('Price from'));
    await user.paste('5');
    await user.click(screen.getByLabelText('Price to'));
    await user.paste('99.90');
    await user.click(screen.getByLabelText('Search'));
    await user.paste('pears');
    await user.keyboard('{Enter}');
    // A new search is sorted by relevance until another order is chosen.
    await waitFor(() => expect(screen.getByLabelText('Sort by')).toHaveDisplayValue('Relevance'));
    await chooseOption(user, 'Sort by', 'Price: high to low');

    await waitFor(() =>
      expect(history.location.search).toBe(
        '?orientation=Square&style=PopArt&from=5&to=99.90&sort=HighToLow&q=pears',
      ),
    );
    await waitFor(() =>
      expect(queryOf(listRequests.at(-1))).toMatchObject({
        Style: 'PopArt',
        Orientation: 'Square',
        Sort: 'HighToLow',
        From: '5',
        To: '99.90',
        Search: 'pears',
      }),
    );

    await chooseOption(user, 'Category', 'Space');
    await waitFor(() => expect(history.location.pathname).toBe('/gallery/space'));
    expect(history.location.search).toContain('style=PopArt');
    await waitFor(() => expect(queryOf(listRequests.at(-1))).toMatchObject({ Category: 'space' }));
  });

  it('refuses an invalid price range without changing the address or calling the server', async () => {
    const user = userEvent.setup();
    const { listRequests } = serveCatalogue();
    const { history } = renderApp('/gallery');
    await findCardLink('Misty Fjord at Dawn');
    const from = screen.getByLabelText('Price from');
    const to = screen.getByLabelText('Price to');

    await user.type(from, '50');
    await user.type(to, '10{Enter}');
    expect(to).toHaveAccessibleDescription('The highest price must not be less than the lowest.');
    expect(to).toHaveAttribute('aria-invalid', 'true');

    await user.clear(from);
    await user.type(from, '-5{Enter}');
    expect(from).toHaveAccessibleDescription('The price must not be negative.');

    expect(history.location.search).toBe('');
    expect(listRequests).toHaveLength(1);
  });

  it('does not search with an invalid range from the address, and says why', async () => {
    const { listRequests } = serveCatalogue();
    window.localStorage.setItem('currency', 'JPY');
    renderApp('/gallery?from=10.5');

    expect(await screen.findByText('Prices in JPY are whole numbers.')).toBeInTheDocument();
    expect(screen.getByText('Correct the price range to see pictures.')).toBeInTheDocument();
    expect(listRequests).toHaveLength(0);
  });
});

describe('gallery filters on a phone', () => {
  /** A screen narrower than 600 px, as window.matchMedia reports it. */
  function onAPhone() {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 599.95px)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
  }

  afterEach(() => vi.unstubAllGlobals());

  it('keeps the sort in view, the rest behind a Filters button, and shows what is in effect as chips', async () => {
    onAPhone();
    serveCatalogue();
    const user = userEvent.setup();
    const { history } = renderApp('/gallery/landscapes?orientation=Horizontal&style=Watercolor');

    await findCardLink('Misty Fjord at Dawn');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Orientation' })).not.toBeInTheDocument();
    const chips = within(screen.getByRole('list', { name: 'Filters in effect' }));
    expect(chips.getAllByRole('listitem').map((chip) => chip.textContent)).toEqual([
      'Category: Landscapes',
      'Orientation: Horizontal',
      'Style: Watercolor',
    ]);

    await user.click(chips.getByRole('button', { name: 'Remove Style: Watercolor' }));
    expect(history.location.search).toBe('?orientation=Horizontal');

    await user.click(screen.getByRole('button', { name: 'Filters (2)' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Filters' }));
    await user.selectOptions(sheet.getByRole('combobox', { name: 'Orientation' }), 'Square');
    expect(history.location.search).toBe('?orientation=Square');
    await user.click(sheet.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(
      within(screen.getByRole('list', { name: 'Filters in effect' })).getByRole('button', {
        name: 'Remove Category: Landscapes',
      }),
    );
    expect(history.location.pathname).toBe('/gallery');
    expect(history.location.search).toBe('?orientation=Square');
  });

  it('shows the whole filter bar on a wider screen', async () => {
    serveCatalogue();
    renderApp('/gallery');
    await findCardLink('Misty Fjord at Dawn');
    expect(screen.getByRole('combobox', { name: 'Orientation' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Filters/ })).not.toBeInTheDocument();
  });
});
