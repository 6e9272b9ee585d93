import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './baseQuery';

/**
 * The shop's single API slice. Features add their endpoints with `api.injectEndpoints` (and their
 * own cache tags with `api.enhanceEndpoints`) and export the generated hooks.
 *
 * The tags below cross features: a placed order, a redeemed gift card or a settled deposit changes
 * what the order history, the balance and the artworks show, whichever feature made the call.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Orders', 'Balance', 'Artworks', 'SupportRequest'],
  endpoints: () => ({}),
});

/** The order list's tag; each order has its id as the tag's id. */
export const ORDER_LIST_TAG = { type: 'Orders', id: 'LIST' } as const;
