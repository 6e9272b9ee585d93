import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readItem, removeItem, STORAGE_KEYS, writeItem } from '@/lib/storage/storage';

/**
 * The staff token of the back office, kept in session storage under `staff-session` (gone with
 * the tab). Apart from the shop's tokens: the back office never sends the customer's token, and
 * the shop never sends this one.
 */
export interface StaffSessionState {
  token: string | null;
  /**
   * How the last session ended: the member signed out (the next sign-in starts at the home), or
   * the server ended it (the next one comes back to where the member was).
   */
  ended: 'signed-out' | 'by-server' | null;
}

export interface StateWithStaffSession {
  staffSession: StaffSessionState;
}

export function loadStaffToken(): string | null {
  const token = readItem('session', STORAGE_KEYS.staffSession);
  return token === null || token === '' ? null : token;
}

export function storeStaffToken(token: string | null): void {
  if (token === null) removeItem('session', STORAGE_KEYS.staffSession);
  else writeItem('session', STORAGE_KEYS.staffSession, token);
}

export const staffSessionSlice = createSlice({
  name: 'staffSession',
  // Lazy, so that every new store (one per test) reads storage afresh.
  initialState: (): StaffSessionState => ({ token: loadStaffToken(), ended: null }),
  reducers: {
    staffSignedIn(state, action: PayloadAction<string>) {
      state.token = action.payload;
      state.ended = null;
    },
    staffSignedOut(state) {
      state.token = null;
      state.ended = 'signed-out';
    },
    /** The server no longer knows the session: idle, too old, suspended, role changed. */
    staffSessionEnded(state) {
      if (state.token === null) return;
      state.token = null;
      state.ended = 'by-server';
    },
  },
});

export const { staffSignedIn, staffSignedOut, staffSessionEnded } = staffSessionSlice.actions;

export const selectStaffToken = (state: StateWithStaffSession) => state.staffSession.token;
export const selectSessionEnd = (state: StateWithStaffSession) => state.staffSession.ended;
