import type { Currency } from '@/config/constants';
import { api } from '@/lib/api/api';
import { numberedPages } from '@/lib/api/pages';
import type { Category, Offer, OfferListArgs, OfferPage, Suggestion } from '../types';

/** Pictures per page of the gallery (the server allows up to 96). */
export const GALLERY_PAGE_SIZE = 24;

/** Every argument carries the display currency, so a new currency is a new cache entry. */
export const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOffers: build.infiniteQuery<OfferPage, OfferListArgs, number>({
      infiniteQueryOptions: numberedPages,
      query: ({ queryArg, pageParam }) => ({
        url: '/api/offers',
        // Absent filters stay out of the address (fetchBaseQuery drops undefined values).
        params: {
          Currency: queryArg.currency,
          Sort: queryArg.sort,
          Orientation: queryArg.orientation,
          Style: queryArg.style,
          From: queryArg.from,
          To: queryArg.to,
          Category: queryArg.category,
          Search: queryArg.search,
          Page: pageParam,
          PageSize: GALLERY_PAGE_SIZE,
        },
      }),
    }),
    getLatestOffers: build.query<Offer[], Currency>({
      query: (currency) => ({ url: '/api/offers/latest', params: { Currency: currency } }),
      transformResponse: (response: { items: Offer[] }) => response.items,
    }),
    getOffer: build.query<Offer, { urlName: string; currency: Currency }>({
      query: ({ urlName, currency }) => ({
        url: '/api/offers/get-one',
        params: { UrlName: urlName, Currency: currency },
      }),
    }),
    /** What the header's search suggests for what the shopper has typed so far. */
    suggestOffers: build.query<Suggestion[], { prefix: string; currency: Currency }>({
      query: ({ prefix, currency }) => ({
        url: '/api/offers/suggest',
        params: { Prefix: prefix, Currency: currency },
      }),
      transformResponse: (response: { suggestions: Suggestion[] }) => response.suggestions,
    }),
    /** Up to 8 pictures sharing tags, the style or the category with one picture. */
    getRelatedOffers: build.query<Offer[], { urlName: string; currency: Currency }>({
      query: ({ urlName, currency }) => ({
        url: '/api/offers/related',
        params: { UrlName: urlName, Currency: currency },
      }),
      transformResponse: (response: { items: Offer[] }) => response.items,
    }),
    getCategories: build.query<Category[], undefined>({
      query: () => '/api/categories',
      transformResponse: (response: { items: Category[] }) => response.items,
    }),
  }),
});

export const {
  useGetOffersInfiniteQuery,
  useGetLatestOffersQuery,
  useGetOfferQuery,
  useGetCategoriesQuery,
  useSuggestOffersQuery,
  useGetRelatedOffersQuery,
} = catalogueApi;
