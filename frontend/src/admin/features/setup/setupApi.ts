import { adminApi } from '../../api/adminApi';
import type { SetupInfo, SetupResult } from '../../api/types';

export interface CompleteSetupRequest {
  token: string;
  /** Only when the set-up asks for one (`needsPassword`). */
  password?: string;
  code: string;
}

/** The one-time set-up link: who it is for and the authenticator's secret, then finishing it. */
export const setupApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getSetup: build.query<SetupInfo, string>({
      query: (token) => `/api/admin/setup/${encodeURIComponent(token)}`,
    }),
    completeSetup: build.mutation<SetupResult, CompleteSetupRequest>({
      query: ({ token, ...body }) => ({
        url: `/api/admin/setup/${encodeURIComponent(token)}`,
        method: 'POST',
        body,
      }),
    }),
  }),
});

export const { useGetSetupQuery, useCompleteSetupMutation } = setupApi;
