import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './baseQuery';

/**
 * The shop's single API slice. Features add their endpoints with `api.injectEndpoints` (and their
 * cache tags with `api.enhanceEndpoints`) and export the generated hooks.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  endpoints: () => ({}),
});
