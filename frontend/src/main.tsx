import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/AppProviders';
import { FatalErrorBoundary } from './app/FatalErrorBoundary';
import { appRoutes } from './app/routes';
import { setupStore } from './app/store';
import { watchForNewerBuild } from './lib/browser/buildWatcher';
import { syncLocaleCookie } from './lib/browser/localeCookie';
import { reloadOnce } from './lib/browser/reloadGuard';

// Vite reports a chunk (of a build that has since been replaced) that failed to preload; one
// guarded reload fetches the new build. Otherwise the error reaches the route error boundary.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnce()) event.preventDefault();
});

syncLocaleCookie();
if (import.meta.env.PROD) watchForNewerBuild();

const store = setupStore();
const router = createBrowserRouter(appRoutes);

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <FatalErrorBoundary>
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>
    </FatalErrorBoundary>
  </StrictMode>,
);
