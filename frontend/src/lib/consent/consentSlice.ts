import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { storedConsentChoice, type ConsentChoice } from './consent';

export interface ConsentState {
  /** Null until the visitor decides: the banner is shown meanwhile. */
  choice: ConsentChoice | null;
  /** The dialog with a choice per category, opened from the banner or the footer. */
  settingsOpen: boolean;
}

export interface StateWithConsent {
  consent: ConsentState;
}

export const consentSlice = createSlice({
  name: 'consent',
  initialState: (): ConsentState => ({ choice: storedConsentChoice(), settingsOpen: false }),
  reducers: {
    consentSettingsOpened(state) {
      state.settingsOpen = true;
    },
    consentSettingsClosed(state) {
      state.settingsOpen = false;
    },
    /** Stored, and applied to what is already in the browser, by the persistence listener. */
    consentChosen(state, action: PayloadAction<ConsentChoice>) {
      state.choice = action.payload;
      state.settingsOpen = false;
    },
  },
});

export const { consentSettingsOpened, consentSettingsClosed, consentChosen } = consentSlice.actions;

export const selectConsentChoice = (state: StateWithConsent) => state.consent.choice;
export const selectConsentSettingsOpen = (state: StateWithConsent) => state.consent.settingsOpen;
