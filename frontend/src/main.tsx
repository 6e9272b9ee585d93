// The theme's variables and baseline, then the plain components' styles: first, so that the styles
// of the components that use them come after and win where they say more.
import './components/ui/tokens.css';
import './components/ui/base.css';
import './components/ui/kit.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/AppProviders';
import { AppRouter } from './app/AppRouter';
import { browserHistory } from './app/routerHistory';
import { FatalErrorBoundary } from './app/FatalErrorBoundary';
import { AppRoutes } from './app/routes';
import { setupStore } from './app/store';
import { prefetchGalleryPage } from './features/gallery/prefetch';
import { watchForNewerBuild } from './lib/browser/buildWatcher';
import { watchForFatalErrors } from './lib/browser/fatalErrors';
import { syncLocaleCookie } from './lib/browser/localeCookie';
import { reloadOnce } from './lib/browser/reloadGuard';

// Vite reports a chunk (of a build that has since been replaced) that failed to preload; one
// guarded reload fetches the new build. Otherwise the error reaches the route error boundary.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnce()) event.preventDefault();
});

// Errors thrown in event handlers and promises: the ones rendering throws reach the boundaries.
watchForFatalErrors();
syncLocaleCookie();
if (import.meta.env.PROD) watchForNewerBuild();

const store = setupStore();
const history = browserHistory();
prefetchGalleryPage(store, window.location);

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

const root = createRoot(container);
// Rendered in a transition, the first page is built in short slices that leave the browser free
// to respond in between, instead of in one long task.
startTransition(() =>
  root.render(
    <StrictMode>
      <FatalErrorBoundary>
        <AppProviders store={store}>
          <AppRouter history={history}>
            <AppRoutes />
          </AppRouter>
        </AppProviders>
      </FatalErrorBoundary>
    </StrictMode>,
  ),
);
