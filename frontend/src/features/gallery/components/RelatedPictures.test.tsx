import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { catalogueApi } from '../api/catalogueApi';
import { queryOf, serveCatalogue } from '../testing/catalogueServer';

const PICTURE = '/gallery/picture/misty-fjord-at-dawn';

describe('related pictures on a picture’s page', () => {
  it('shows a row of thumbnails, each leading to its picture', async () => {
    const { relatedRequests } = serveCatalogue({
      related: [
        { id: 7, title: 'Fjord under Stars' },
        { id: 8, title: 'Glacier Morning', style: 'Impressionism' },
      ],
    });
    window.localStorage.setItem('currency', 'USD');
    renderApp(PICTURE);

    const row = within(await screen.findByRole('region', { name: 'Related pictures' }));
    const links = row.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/gallery/picture/fjord-under-stars',
      '/gallery/picture/glacier-morning',
    ]);
    expect(row.getByRole('link', { name: 'Glacier Morning' })).toBeInTheDocument();
    expect(row.getByAltText('Fjord under Stars')).toHaveAttribute(
      'src',
      '/media/thumbnails/fjord-under-stars.jpg',
    );
    expect(queryOf(relatedRequests[0])).toEqual({
      UrlName: 'misty-fjord-at-dawn',
      Currency: 'USD',
    });
  });

  it('shows nothing when no picture is related', async () => {
    serveCatalogue({ related: [] });
    const { store } = renderApp(PICTURE);

    await screen.findByRole('heading', { level: 1, name: 'Misty Fjord at Dawn' });
    const related = catalogueApi.endpoints.getRelatedOffers.select({
      urlName: 'misty-fjord-at-dawn',
      currency: 'EUR',
    });
    await waitFor(() => expect(related(store.getState()).isSuccess).toBe(true));

    expect(screen.queryByRole('region', { name: 'Related pictures' })).not.toBeInTheDocument();
    expect(screen.queryByText('Related pictures')).not.toBeInTheDocument();
  });
});
