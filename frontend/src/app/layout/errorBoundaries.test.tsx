import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { serveCatalogue } from '@/features/gallery/testing/catalogueServer';
import { reportFatalError } from '@/lib/browser/fatalErrors';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';

describe('error boundaries', () => {
  it('shows a page that failed in its place, with Try again, and keeps the header', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signIn();
    let broken = true;
    server.use(
      http.get(apiUrl('/api/orders'), () =>
        HttpResponse.json(
          broken ? { items: 'none' } : { items: [], total: 0, page: 1, pageSize: 20 },
        ),
      ),
    );
    const { history } = renderApp('/order-history');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'This page could not be shown' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(history.location.pathname).toBe('/order-history');

    broken = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order history' }),
    ).toBeInTheDocument();
  });

  it("sends a fatal error thrown outside rendering through 'Redirecting...' to /error", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serveCatalogue();
    const { history } = renderApp('/gallery');
    await screen.findByRole('heading', { level: 1, name: 'Gallery' });

    act(() => reportFatalError(new Error('A click handler broke')));

    await waitFor(() => expect(history.location.pathname).toBe('/error'));
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Something went wrong on our side. Please try again in a moment.',
      }),
    ).toBeInTheDocument();
  });
});
