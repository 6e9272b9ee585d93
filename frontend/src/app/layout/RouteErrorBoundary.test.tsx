import { render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { Outlet, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import ErrorPage from '@/components/status/ErrorPage';
import { AppRouter } from '../AppRouter';
import { memoryHistory } from '../routerHistory';
import { RouteErrorBoundary } from './RouteErrorBoundary';

function Broken(): never {
  throw new Error('A page crashed');
}

// Lazy like the real error page, so the redirect is visible while it loads.
const LazyErrorPage = lazy(
  () =>
    new Promise<{ default: typeof ErrorPage }>((resolve) =>
      setTimeout(() => resolve({ default: ErrorPage }), 50),
    ),
);

describe('fatal application error', () => {
  it("shows 'Redirecting...' and moves on to the error page", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const history = memoryHistory('/broken');
    render(
      <AppRouter history={history}>
        <Routes>
          <Route
            path="/"
            element={
              <RouteErrorBoundary>
                <Outlet />
              </RouteErrorBoundary>
            }
          >
            <Route path="broken" element={<Broken />} />
            <Route path="error" element={<LazyErrorPage />} />
          </Route>
        </Routes>
      </AppRouter>,
    );

    expect(screen.getByText('Redirecting...')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: /Something went wrong on our side/ }),
    ).toBeInTheDocument();
    expect(history.location.pathname).toBe('/error');
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});
