import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupStore } from '@/app/store';
import { renderApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { gate } from '@/test/requests';
import { catalogueApi } from '../api/catalogueApi';
import { prefetchGalleryPage } from '../prefetch';
import { queryOf, serveCatalogue } from '../testing/catalogueServer';
import { chooseOption, findCardLink } from '../testing/interactions';

describe('gallery', () => {
  it('shows each picture with its style and lowest price, as a lazy WebP/JPEG picture', async () => {
    serveCatalogue();
    renderApp('/gallery');

    expect(await screen.findByRole('heading', { level: 1, name: 'Gallery' })).toBeInTheDocument();
    const card = await findCardLink('Misty Fjord at Dawn');
    expect(card).toHaveAttribute('href', '/gallery/picture/misty-fjord-at-dawn');
    expect(card).toHaveTextContent('Watercolor');
    expect(card).toHaveTextContent('from €12.30');
    expect(screen.getByRole('status')).toHaveTextContent('3 pictures');
    const image = card.querySelector('img');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('src', '/media/thumbnails/misty-fjord-at-dawn.jpg');
    expect(card.querySelector('source[type="image/webp"]')).toHaveAttribute(
      'srcset',
      '/media/thumbnails/misty-fjord-at-dawn.webp 480w, /media/previews/misty-fjord-at-dawn.webp 1600w',
    );
  });

  it('says when nothing matches, and resets the filters', async () => {
    const user = userEvent.setup();
    serveCatalogue({ seeds: [] });
    const { history } = renderApp('/gallery?style=Anime&to=1');

    expect(await screen.findByText('No pictures match these filters')).toBeInTheDocument();
    await user.click(screen.getByText('Reset the filters'));

    await waitFor(() => expect(history.location.search).toBe(''));
    expect(screen.getByLabelText('Style')).toHaveDisplayValue('Any style');
    expect(screen.getByLabelText('Price to')).toHaveValue('');
  });

  it('says when the pictures could not be loaded, and loads them on "Try again"', async () => {
    const user = userEvent.setup();
    serveCatalogue();
    let failing = true;
    server.use(
      http.get(apiUrl('/api/offers'), () =>
        // Falls through to the catalogue once the server is back.
        failing ? HttpResponse.json({}, { status: 500 }) : undefined,
      ),
    );
    renderApp('/gallery');

    expect(await screen.findByText('An unexpected server error occurred.')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await findCardLink('Misty Fjord at Dawn')).toBeInTheDocument();
    expect(screen.queryByText('An unexpected server error occurred.')).not.toBeInTheDocument();
  });

  it('loads the next page on demand', async () => {
    const user = userEvent.setup();
    const { listRequests } = serveCatalogue({ pageSize: 2 });
    renderApp('/gallery');

    await findCardLink('Neon Alley');
    expect(screen.queryByText('Quiet Pears')).not.toBeInTheDocument();
    await user.click(screen.getByText('Load more pictures'));

    await findCardLink('Quiet Pears');
    expect(queryOf(listRequests.at(-1))).toMatchObject({ Page: '2' });
    expect(screen.queryByText('Load more pictures')).not.toBeInTheDocument();
  });

  it('tells the visitor when a category does not exist', async () => {
    serveCatalogue();
    renderApp('/gallery/dragons');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Category not found' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/There is no category called “dragons”/)).toBeInTheDocument();
    expect(screen.getByText('See all pictures')).toHaveAttribute('href', '/gallery');
  });

  it('puts the breadcrumbs above the category’s title, as on a picture’s page', async () => {
    serveCatalogue();
    renderApp('/gallery/landscapes');
    const title = await screen.findByRole('heading', { level: 1, name: 'Landscapes' });
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(trail.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('asks for an unknown category opened directly once, though the first script asked first', async () => {
    serveCatalogue();
    const asked: URLSearchParams[] = [];
    const categoriesAnswer = gate();
    server.use(
      http.get(apiUrl('/api/offers'), ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json(
          { title: 'Validation failed', status: 400, errors: { Category: ['Unknown category.'] } },
          { status: 400 },
        );
      }),
      http.get(apiUrl('/api/categories'), async () => {
        await categoriesAnswer.opened;
        return HttpResponse.json({ items: [] });
      }),
    );
    const store = setupStore();
    prefetchGalleryPage(store, { pathname: '/gallery/dragons', search: '' });
    // The refusal is in before the page renders; the categories are not.
    await waitFor(() => expect(asked).toHaveLength(1));
    const refused = catalogueApi.endpoints.getOffers.select({
      category: 'dragons',
      sort: 'NewToOld',
      currency: 'EUR',
    });
    await waitFor(() => expect(refused(store.getState()).isError).toBe(true));

    renderApp('/gallery/dragons', { store });
    categoriesAnswer.release();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Category not found' }),
    ).toBeInTheDocument();
    expect(asked).toHaveLength(1);
  });

  it('fetches again in the new currency, shows whole yen and drops the old price range', async () => {
    const user = userEvent.setup();
    const { listRequests } = serveCatalogue();
    const { history } = renderApp('/gallery?style=Watercolor&from=10');
    expect(await findCardLink('Misty Fjord at Dawn')).toHaveTextContent('from €12.30');

    await chooseOption(user, 'Currency', 'JPY');

    await waitFor(async () =>
      expect(await findCardLink('Misty Fjord at Dawn')).toHaveTextContent('from ¥2,008'),
    );
    expect((await findCardLink('Misty Fjord at Dawn')).textContent).not.toMatch(/¥[\d,]*\./);
    expect(queryOf(listRequests.at(-1))).toMatchObject({ Currency: 'JPY', Style: 'Watercolor' });
    expect(queryOf(listRequests.at(-1))).not.toHaveProperty('From');
    expect(history.location.search).toBe('?style=Watercolor');
  });
});
