import { useCallback } from 'react';
import { adminApi } from './adminApi';
import { useAdminDispatch } from './hooks';
import { staffSignedIn } from './staffSession';
import type { SessionInfo, StaffMe, StaffSession } from './types';

export interface SignInRequest {
  email: string;
  password: string;
  /** The authenticator's six digits or one recovery code. */
  code: string;
}

/** Signing in, the member signed in, and signing out. */
export const sessionApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    signIn: build.mutation<StaffSession, SignInRequest>({
      query: (body) => ({ url: '/api/admin/session', method: 'POST', body }),
    }),
    getStaffSession: build.query<SessionInfo, undefined>({
      query: () => '/api/admin/session',
    }),
    signOut: build.mutation<null, undefined>({
      query: () => ({ url: '/api/admin/session', method: 'DELETE' }),
    }),
  }),
});

export const { useSignInMutation, useGetStaffSessionQuery, useSignOutMutation } = sessionApi;

/** The member signed in, once the back office's layout has loaded them. */
export function useStaffMe(): StaffMe | undefined {
  return useGetStaffSessionQuery(undefined).data?.staff;
}

/**
 * Keeps the session the server has just made (by a sign-in or a finished set-up): the token, and
 * the member it is for, so that the back office shows without asking for it again. Called before
 * going to a page that needs the session, so that it finds one.
 */
export function useKeepSession(): (session: StaffSession) => void {
  const dispatch = useAdminDispatch();
  return useCallback(
    ({ token, ...info }: StaffSession) => {
      // Drops whatever an earlier member's session left in the cache (app/store.ts).
      dispatch(staffSignedIn(token));
      void dispatch(sessionApi.util.upsertQueryData('getStaffSession', undefined, info));
    },
    [dispatch],
  );
}
