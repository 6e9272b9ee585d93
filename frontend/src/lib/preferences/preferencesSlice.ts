import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { CURRENCIES, DEFAULT_CURRENCY, type Currency } from '@/config/constants';
import { readItem, STORAGE_KEYS } from '@/lib/storage/storage';

export interface PreferencesState {
  currency: Currency;
}

export interface StateWithPreferences {
  preferences: PreferencesState;
}

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** The display currency kept in local storage (SPEC.md section 4), EUR by default. */
export function storedCurrency(): Currency {
  const stored = readItem('local', STORAGE_KEYS.currency);
  return isCurrency(stored) ? stored : DEFAULT_CURRENCY;
}

export const preferencesSlice = createSlice({
  name: 'preferences',
  initialState: (): PreferencesState => ({ currency: storedCurrency() }),
  reducers: {
    /** Prices in the cart were quoted in the old currency, so the cart reducer empties it. */
    currencyChanged(state, action: PayloadAction<Currency>) {
      state.currency = action.payload;
    },
  },
});

export const { currencyChanged } = preferencesSlice.actions;

export const selectCurrency = (state: StateWithPreferences) => state.preferences.currency;
