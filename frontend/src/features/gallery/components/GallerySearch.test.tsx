import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { facetsOf, queryOf, SEEDS, serveCatalogue } from '../testing/catalogueServer';
import { chooseOption, findCardLink } from '../testing/interactions';
import type { OfferFacets } from '../types';

const eur = (amount: string) => ({ amount, currency: 'EUR' as const });

/** What the server counts for a search: the seeds' categories and more of some styles. */
const FACETS: OfferFacets = {
  ...facetsOf(SEEDS),
  styles: [
    { value: 'Anime', count: 12 },
    { value: 'Watercolor', count: 3 },
  ],
  prices: [
    { from: eur('0.00'), to: eur('9.99'), count: 4 },
    { from: eur('10.00'), to: eur('24.99'), count: 2 },
    { from: eur('250.00'), to: null, count: 1 },
  ],
};

/** The texts of a select's choices. */
const choicesOf = (label: string) =>
  within(screen.getByLabelText(label))
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('searching the gallery', () => {
  it('sends the search of the address, sorted by relevance, and offers that order only then', async () => {
    const user = userEvent.setup();
    const { listRequests } = serveCatalogue();
    const { history } = renderApp('/gallery?q=owl%20blu');

    await findCardLink('Misty Fjord at Dawn');
    expect(queryOf(listRequests[0])).toMatchObject({ Search: 'owl blu', Sort: 'Relevance' });
    expect(screen.getByLabelText('Sort by')).toHaveDisplayValue('Relevance');
    expect(screen.getByLabelText('Search')).toHaveValue('owl blu');

    await chooseOption(user, 'Sort by', 'Price: low to high');
    expect(history.location.search).toBe('?sort=LowToHigh&q=owl+blu');

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(history.location.search).toBe('');
    await waitFor(() => expect(queryOf(listRequests.at(-1))).not.toHaveProperty('Search'));
    expect(choicesOf('Sort by')).not.toContain('Relevance');
  });

  it('marks the matched words in the titles, a word with an accent by its folded form', async () => {
    serveCatalogue({
      seeds: [
        { id: 1, title: 'Frozen Cathédrale at Night' },
        { id: 2, title: 'Cathedral Owls' },
      ],
      search: { matchedWords: ['cathedrale', 'night'] },
    });
    renderApp('/gallery?q=cathedrale');

    const card = await findCardLink('Frozen Cathédrale at Night');
    const marks = [...card.querySelectorAll('h3 mark')].map((mark) => mark.textContent);
    expect(marks).toEqual(['Cathédrale', 'Night']);
    expect((await findCardLink('Cathedral Owls')).querySelector('mark')).toBeNull();
  });

  it('marks nothing when not searching', async () => {
    serveCatalogue();
    renderApp('/gallery');
    expect((await findCardLink('Misty Fjord at Dawn')).querySelector('mark')).toBeNull();
  });

  it('shows how many pictures each choice would show, and narrows by one', async () => {
    const user = userEvent.setup();
    const { listRequests } = serveCatalogue({ search: { facets: FACETS } });
    const { history } = renderApp('/gallery?q=owl');

    await waitFor(() => expect(choicesOf('Style')).toContain('Anime (12)'));
    expect(choicesOf('Style')).toContain('Watercolor (3)');
    expect(choicesOf('Style')).toContain('Pop art (0)');
    expect(choicesOf('Category')).toEqual([
      'All categories',
      'Landscapes (1)',
      'Space (1)',
      'Still life (1)',
    ]);
    expect(choicesOf('Orientation')).toEqual([
      'Any orientation',
      'Vertical (1)',
      'Horizontal (1)',
      'Square (1)',
    ]);
    expect(choicesOf('Price')).toEqual([
      'Any price',
      '€0.00 to €9.99 (4)',
      '€10.00 to €24.99 (2)',
      '€250.00 and more (1)',
    ]);

    await chooseOption(user, 'Style', 'Anime');
    expect(history.location.search).toBe('?style=Anime&q=owl');
    await chooseOption(user, 'Price', '€10.00 to €24.99 (2)');
    expect(history.location.search).toBe('?style=Anime&from=10.00&to=24.99&q=owl');
    await waitFor(() =>
      expect(queryOf(listRequests.at(-1))).toMatchObject({
        Style: 'Anime',
        From: '10.00',
        To: '24.99',
        Search: 'owl',
      }),
    );
    expect(screen.getByLabelText('Price')).toHaveDisplayValue('€10.00 to €24.99 (2)');

    await chooseOption(user, 'Price', '€250.00 and more (1)');
    expect(history.location.search).toBe('?style=Anime&from=250.00&q=owl');
    await chooseOption(user, 'Price', 'Any price');
    expect(history.location.search).toBe('?style=Anime&q=owl');
  });

  it('offers a close spelling when the search found nothing', async () => {
    serveCatalogue({ seeds: [], search: { didYouMean: 'wolf' } });
    renderApp('/gallery?q=wolv&style=Anime');

    expect(await screen.findByText('No pictures match this search')).toBeInTheDocument();
    const suggestion = screen.getByRole('link', { name: 'wolf' });
    expect(suggestion.closest('p')).toHaveTextContent('Did you mean wolf?');
    expect(suggestion).toHaveAttribute('href', '/gallery?style=Anime&q=wolf');
  });

  it('says nothing of a spelling when there is none', async () => {
    serveCatalogue({ seeds: [] });
    renderApp('/gallery?q=zzzz');
    expect(await screen.findByText('No pictures match this search')).toBeInTheDocument();
    expect(screen.queryByText(/Did you mean/)).not.toBeInTheDocument();
  });

  it('shows the server’s objection to the search under the search field', async () => {
    serveCatalogue();
    server.use(
      http.get(apiUrl('/api/offers'), () =>
        HttpResponse.json(
          {
            title: 'Validation failed',
            status: 400,
            errors: { Search: ['Close the quotation mark or remove it.'] },
          },
          { status: 400 },
        ),
      ),
    );
    renderApp('/gallery?q=%22blue%20owl');

    const field = screen.getByLabelText('Search');
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription('Close the quotation mark or remove it.'),
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Close the quotation mark or remove it. Correct the search to see pictures.',
    );
  });
});
