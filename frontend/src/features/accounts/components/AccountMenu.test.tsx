import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveCatalogue } from '@/features/gallery/testing/catalogueServer';
import { renderApp, signIn } from '@/test/render';
import { PROFILE, serveLogout, serveProfile, watchForNotFound } from '../testing/accountsServer';

/** Signs in, opens the account settings and chooses 'Log out' in the account menu. */
async function logOutFromAccountSettings() {
  // The visitor ends on the home page, which shows the latest pictures.
  serveCatalogue();
  signIn('access-1', 'refresh-1');
  window.localStorage.setItem('jwtToken', 'older-copy');
  serveProfile();
  const user = userEvent.setup({ delay: null });
  const rendered = renderApp('/account-settings');
  await screen.findByText(PROFILE.email);
  expect(rendered.store.getState().api.queries).not.toEqual({});

  const notFound = watchForNotFound();
  await user.click(screen.getByRole('button', { name: 'Account' }));
  await user.click(
    within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Log out' }),
  );
  return { ...rendered, notFound };
}

function expectTokensForgotten() {
  for (const storage of [window.sessionStorage, window.localStorage]) {
    expect(storage.getItem('jwtToken')).toBeNull();
    expect(storage.getItem('refreshToken')).toBeNull();
  }
}

describe('account menu', () => {
  it('logs out: ends the login on the server, clears the tokens and the cached answers and goes home', async () => {
    const logouts = serveLogout(204);
    const { history, store, notFound } = await logOutFromAccountSettings();

    await waitFor(() => expect(store.getState().session.accessToken).toBeNull());
    expect(logouts).toEqual([
      { authorization: 'Bearer access-1', body: { refreshToken: 'refresh-1' } },
    ]);
    expect(history.location.pathname).toBe('/');
    // The message's code loads the first time one is shown.
    expect(await screen.findByText('You have been logged out.')).toBeInTheDocument();
    expectTokensForgotten();
    expect(JSON.stringify(store.getState().api.queries)).not.toContain(PROFILE.email);
    notFound.stop();
    expect(notFound.seen).toEqual([]);
  });

  it('forgets the tokens and goes home even when the server fails to end the login', async () => {
    const logouts = serveLogout(500);
    const { history, store, notFound } = await logOutFromAccountSettings();

    await waitFor(() => expect(store.getState().session.accessToken).toBeNull());
    expect(logouts).toHaveLength(1);
    expect(history.location.pathname).toBe('/');
    expect(await screen.findByText('You have been logged out.')).toBeInTheDocument();
    expectTokensForgotten();
    expect(store.getState().session.refreshToken).toBeNull();
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
