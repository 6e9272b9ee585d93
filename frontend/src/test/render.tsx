import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AppProviders } from '@/app/AppProviders';
import { AppRouter } from '@/app/AppRouter';
import { memoryHistory } from '@/app/routerHistory';
import { AppRoutes } from '@/app/routes';
import { setupStore, type AppStore } from '@/app/store';

interface RenderOptions {
  /** A store prepared by the test; by default a fresh one reading the (test-set) browser storage. */
  store?: AppStore;
}

/** Renders any element with the real store around it. */
export function renderWithProviders(
  ui: ReactElement,
  { store = setupStore() }: RenderOptions = {},
) {
  return {
    store,
    ...render(<AppProviders store={store}>{ui}</AppProviders>),
  };
}

/**
 * Renders the whole application, with all its routes, at the given address. `history.location` is
 * where the app has navigated to.
 */
export function renderApp(path: string, { store = setupStore() }: RenderOptions = {}) {
  const history = memoryHistory(path);
  return {
    store,
    history,
    ...render(
      <AppProviders store={store}>
        <AppRouter history={history}>
          <AppRoutes />
        </AppRouter>
      </AppProviders>,
    ),
  };
}

/** Puts a session into browser storage the way a login leaves it. */
export function signIn(accessToken = 'access-1', refreshToken = 'refresh-1'): void {
  window.sessionStorage.setItem('jwtToken', accessToken);
  window.sessionStorage.setItem('refreshToken', refreshToken);
}
