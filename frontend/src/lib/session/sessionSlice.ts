import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthTokens } from '@/types/auth';
import { loadStoredTokens } from './tokenStorage';

export const LOGGED_OUT_REASON = 'You were logged out';

export interface SessionState {
  accessToken: string | null;
  refreshToken: string | null;
  /** Set when the session ended on its own; the app then shows the not-logged-in page with it. */
  pendingLogoutReason: string | null;
}

export interface StateWithSession {
  session: SessionState;
}

export const sessionSlice = createSlice({
  name: 'session',
  // Lazy, so that every new store (one per test) reads storage afresh.
  initialState: (): SessionState => ({ ...loadStoredTokens(), pendingLogoutReason: null }),
  reducers: {
    tokensReceived(state, action: PayloadAction<AuthTokens>) {
      state.accessToken = action.payload.accessToken;
      state.refreshToken = action.payload.refreshToken;
    },
    signedOut(state) {
      state.accessToken = null;
      state.refreshToken = null;
    },
    /** The refresh failed: only someone who had a session is told that they were logged out. */
    sessionExpired(state) {
      const hadSession = state.accessToken !== null || state.refreshToken !== null;
      state.accessToken = null;
      state.refreshToken = null;
      if (hadSession) state.pendingLogoutReason = LOGGED_OUT_REASON;
    },
    logoutReasonShown(state) {
      state.pendingLogoutReason = null;
    },
  },
});

export const { tokensReceived, signedOut, sessionExpired, logoutReasonShown } =
  sessionSlice.actions;

export const selectAccessToken = (state: StateWithSession) => state.session.accessToken;
export const selectRefreshToken = (state: StateWithSession) => state.session.refreshToken;
export const selectIsSignedIn = (state: StateWithSession) => state.session.accessToken !== null;
export const selectPendingLogoutReason = (state: StateWithSession) =>
  state.session.pendingLogoutReason;
