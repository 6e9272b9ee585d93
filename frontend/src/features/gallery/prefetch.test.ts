import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupStore } from '@/app/store';
import { catalogueApi } from './api/catalogueApi';
import { prefetchGalleryPage } from './prefetch';
import { queryOf, serveCatalogue } from './testing/catalogueServer';

const preloadedImages = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map(
    (link) => link.getAttribute('href'),
  );

afterEach(() => {
  document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
});

describe('the data of a gallery page opened directly', () => {
  it('is asked for before the picture page has loaded, and its picture is fetched first', async () => {
    serveCatalogue();
    const store = setupStore();

    prefetchGalleryPage(store, { pathname: '/gallery/picture/misty-fjord-at-dawn', search: '' });

    const cached = catalogueApi.endpoints.getOffer.select({
      urlName: 'misty-fjord-at-dawn',
      currency: 'EUR',
    });
    await vi.waitFor(() =>
      expect(cached(store.getState()).data?.title).toBe('Misty Fjord at Dawn'),
    );
    await vi.waitFor(() =>
      expect(preloadedImages()).toEqual(['/media/previews/misty-fjord-at-dawn.webp']),
    );
  });

  it('asks for the gallery page of the category and filters in the address', async () => {
    const { listRequests } = serveCatalogue();
    const store = setupStore();

    prefetchGalleryPage(store, { pathname: '/gallery/space', search: '?style=Anime&from=5' });

    await vi.waitFor(() => expect(listRequests).toHaveLength(1));
    expect(queryOf(listRequests[0])).toEqual({
      Currency: 'EUR',
      Sort: 'NewToOld',
      Style: 'Anime',
      From: '5',
      Category: 'space',
      Page: '1',
      PageSize: '24',
    });
    const categories = catalogueApi.endpoints.getCategories.select(undefined);
    await vi.waitFor(() => expect(categories(store.getState()).isSuccess).toBe(true));
  });

  it('asks for no pictures while the price range in the address is wrong', async () => {
    const { listRequests } = serveCatalogue();
    const store = setupStore();

    prefetchGalleryPage(store, { pathname: '/gallery', search: '?from=20&to=10' });

    const categories = catalogueApi.endpoints.getCategories.select(undefined);
    await vi.waitFor(() => expect(categories(store.getState()).isSuccess).toBe(true));
    expect(listRequests).toHaveLength(0);
  });

  it('asks for nothing on another page', () => {
    const { listRequests, latestRequests } = serveCatalogue();
    const store = setupStore();

    prefetchGalleryPage(store, { pathname: '/cart', search: '' });

    expect(listRequests).toHaveLength(0);
    expect(latestRequests).toHaveLength(0);
    expect(store.getState()[catalogueApi.reducerPath].queries).toEqual({});
  });
});
