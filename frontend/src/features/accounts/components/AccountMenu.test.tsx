import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveCatalogue } from '@/features/gallery/testing/catalogueServer';
import { renderApp, signIn } from '@/test/render';
import { PROFILE, serveProfile, watchForNotFound } from '../testing/accountsServer';

describe('account menu', () => {
  it('logs out: clears the tokens and the cached answers and goes home', async () => {
    // The visitor ends on the home page, which shows the latest pictures.
    serveCatalogue();
    signIn('access-1', 'refresh-1');
    window.localStorage.setItem('jwtToken', 'older-copy');
    serveProfile();
    const user = userEvent.setup({ delay: null });
    const { history, store } = renderApp('/account-settings');
    await screen.findByText(PROFILE.email);
    expect(store.getState().api.queries).not.toEqual({});

    const notFound = watchForNotFound();
    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Log out' }),
    );

    await waitFor(() => expect(store.getState().session.accessToken).toBeNull());
    expect(history.location.pathname).toBe('/');
    // The message's code loads the first time one is shown.
    expect(await screen.findByText('You have been logged out.')).toBeInTheDocument();
    for (const storage of [window.sessionStorage, window.localStorage]) {
      expect(storage.getItem('jwtToken')).toBeNull();
      expect(storage.getItem('refreshToken')).toBeNull();
    }
    expect(JSON.stringify(store.getState().api.queries)).not.toContain(PROFILE.email);
    notFound.stop();
    expect(notFound.seen).toEqual([]);
  });

  it('sends a visitor to log in with the current address to come back to', async () => {
    const user = userEvent.setup({ delay: null });
    const { history } = renderApp('/terms-and-conditions#refunds');
    await user.click(await screen.findByRole('button', { name: 'Account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log in' }));
    await screen.findByRole('heading', { name: 'Log in' });
    expect(history.location.state).toEqual({ from: '/terms-and-conditions#refunds' });
  });
});
