import { matchPath } from 'react-router';
import type { AppStore } from '@/app/store';
import { selectCurrency } from '@/lib/preferences/preferencesSlice';
import { catalogueApi } from './api/catalogueApi';
import { hasErrors, readFilters, validatePriceRange } from './filters';
import { GALLERY_PATH, matchGalleryList } from './paths';

/**
 * Asks for the data of a gallery or picture page opened directly, as soon as the first script runs:
 * the page would otherwise ask only once React has rendered it. The answers land in the cache the
 * page reads, under the same arguments. On a picture page, the picture itself is fetched as soon as
 * its address is known, as it is the page's largest paint.
 */
export function prefetchGalleryPage(
  store: AppStore,
  { pathname, search }: Pick<Location, 'pathname' | 'search'>,
) {
  const currency = selectCurrency(store.getState());
  const picture = matchPath(`${GALLERY_PATH}/picture/:urlName`, pathname);
  if (picture !== null) {
    const urlName = picture.params.urlName ?? '';
    void store
      .dispatch(
        catalogueApi.endpoints.getOffer.initiate({ urlName, currency }, { subscribe: false }),
      )
      .then(({ data }) => {
        if (data !== undefined) preloadImage(data.preview.webp, 'image/webp');
      });
    return;
  }
  const gallery = matchGalleryList(pathname);
  if (gallery === null) return;
  const filters = readFilters(new URLSearchParams(search), gallery.categoryName);
  void store.dispatch(
    catalogueApi.endpoints.getCategories.initiate(undefined, { subscribe: false }),
  );
  // The page asks for no pictures while the price range in the address is wrong.
  if (hasErrors(validatePriceRange(filters, currency))) return;
  void store.dispatch(
    catalogueApi.endpoints.getOffers.initiate({ ...filters, currency }, { subscribe: false }),
  );
}

function preloadImage(href: string, type: string) {
  const link = document.createElement('link');
  const attributes = { rel: 'preload', as: 'image', href, type, fetchpriority: 'high' };
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  document.head.append(link);
}
