import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import ErrorPage from '@/components/status/ErrorPage';
import { RouteErrorBoundary } from './RouteErrorBoundary';

function Broken(): never {
  throw new Error('A page crashed');
}

describe('fatal application error', () => {
  it("shows 'Redirecting...' and moves on to the error page", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter(
      [
        {
          path: '/',
          ErrorBoundary: RouteErrorBoundary,
          children: [
            { path: 'broken', Component: Broken },
            // Lazy like the real error page, so the redirect is visible while it loads.
            {
              path: 'error',
              lazy: () =>
                new Promise((resolve) => setTimeout(() => resolve({ Component: ErrorPage }), 50)),
            },
          ],
        },
      ],
      { initialEntries: ['/broken'] },
    );
    render(<RouterProvider router={router} />);

    expect(screen.getByText('Redirecting...')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: /Something went wrong on our side/ }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/error');
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});
