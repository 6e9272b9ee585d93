import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type SnackbarSeverity = 'success' | 'info' | 'warning' | 'error';

export interface SnackbarMessage {
  /** Distinguishes two equal texts shown one after the other. */
  id: number;
  text: string;
  severity: SnackbarSeverity;
}

export interface SnackbarState {
  /** Kept after closing so that the closing animation still shows the text. */
  current: SnackbarMessage | null;
  open: boolean;
  nextId: number;
}

export interface StateWithSnackbar {
  snackbar: SnackbarState;
}

export const snackbarSlice = createSlice({
  name: 'snackbar',
  initialState: (): SnackbarState => ({ current: null, open: false, nextId: 1 }),
  reducers: {
    messageShown: {
      reducer(state, action: PayloadAction<{ text: string; severity: SnackbarSeverity }>) {
        state.current = { id: state.nextId, ...action.payload };
        state.open = true;
        state.nextId += 1;
      },
      prepare(text: string, severity: SnackbarSeverity = 'info') {
        return { payload: { text, severity } };
      },
    },
    messageDismissed(state) {
      state.open = false;
    },
  },
});

export const { messageShown, messageDismissed } = snackbarSlice.actions;

export const selectSnackbar = (state: StateWithSnackbar) => state.snackbar;
