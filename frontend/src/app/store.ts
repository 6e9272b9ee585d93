import { configureStore } from '@reduxjs/toolkit';
import { api } from '@/lib/api/api';
import { createPersistenceMiddleware } from './persistence';
import { rootReducer, type RootState } from './rootReducer';

export type { RootState };

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
