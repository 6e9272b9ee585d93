import { createApi } from '@reduxjs/toolkit/query/react';
import { staffBaseQuery } from './staffBaseQuery';

/**
 * The back office's API slice, apart from the shop's: its own store (AdminApp), its own token.
 * Screens add their endpoints with `adminApi.injectEndpoints`.
 */
export const adminApi = createApi({
  reducerPath: 'adminApi',
  baseQuery: staffBaseQuery,
  tagTypes: ['Staff', 'Audit', 'Order', 'Customer', 'GiftCard', 'Dashboard', 'Ticket', 'Offer'],
  endpoints: () => ({}),
});
