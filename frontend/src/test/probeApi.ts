import { api } from '@/lib/api/api';

/**
 * Endpoints that exist only for the base-query tests: one body-less GET and one POST with a body,
 * each answered by whatever MSW handler a test installs.
 */
export const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, string>({ query: (name) => `/api/probe/${name}` }),
    submitProbe: build.mutation<unknown, { value: string }>({
      query: (body) => ({ url: '/api/probe', method: 'POST', body }),
    }),
  }),
});
