import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { snackbarSlice } from '@/components/snackbar/snackbarSlice';
import { cartSlice } from '@/features/cart/cartSlice';
import { api } from '@/lib/api/api';
import { preferencesSlice } from '@/lib/preferences/preferencesSlice';
import { sessionSlice } from '@/lib/session/sessionSlice';
import { createPersistenceMiddleware } from './persistence';

const rootReducer = combineSlices(api, sessionSlice, preferencesSlice, cartSlice, snackbarSlice);

export type RootState = ReturnType<typeof rootReducer>;

/** Builds a fresh store; the app makes one, every test makes its own. */
export function setupStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware().prepend(createPersistenceMiddleware()).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
