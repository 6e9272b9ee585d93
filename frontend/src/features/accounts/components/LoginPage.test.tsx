import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { serveCatalogue } from '@/features/gallery/testing/catalogueServer';
import { renderApp } from '@/test/render';
import {
  answerPost,
  holdPost,
  validationFailed,
  watchForNotFound,
} from '../testing/accountsServer';
import { fill } from '@/test/fill';
import { findFormAlert } from '@/test/formAlert';

const LOGIN = '/api/Accounts/login';
const TOKENS = { accessToken: 'access-new', refreshToken: 'refresh-new' };

async function logIn(email = 'ann@example.com', password = 'violet-kite-93') {
  const user = userEvent.setup({ delay: null });
  await fill(user, await screen.findByLabelText('E-mail'), email);
  await fill(user, screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

describe('log-in page', () => {
  it('logs in, stores the tokens and returns to the page the visitor came from', async () => {
    const bodies = answerPost(LOGIN, () => HttpResponse.json(TOKENS));
    const user = userEvent.setup({ delay: null });
    const { history } = renderApp('/privacy-policy');
    await user.click(await screen.findByRole('button', { name: 'Account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log in' }));
    await screen.findByRole('heading', { name: 'Log in' });

    await logIn();

    await waitFor(() => expect(window.sessionStorage.getItem('jwtToken')).toBe('access-new'));
    expect(history.location.pathname).toBe('/privacy-policy');
    const heading = screen.getByRole('heading', { level: 1, name: 'Privacy policy' });
    // The page that arrives takes the focus (on its heading); the menu is opened after that.
    await waitFor(() => expect(heading).toHaveFocus());
    expect(bodies).toEqual([{ email: 'ann@example.com', password: 'violet-kite-93' }]);
    expect(window.sessionStorage.getItem('refreshToken')).toBe('refresh-new');
    await user.click(screen.getByRole('button', { name: 'Account' }));
    expect(await screen.findByRole('menuitem', { name: 'Log out' })).toBeInTheDocument();
  });

  it('is busy while logging in, then goes home without ever showing the log-in page as a 404', async () => {
    // The visitor ends on the home page, which shows the latest pictures.
    serveCatalogue();
    const { release } = holdPost(LOGIN, () => HttpResponse.json(TOKENS));
    const { history } = renderApp('/login');
    const notFound = watchForNotFound();
    await logIn();

    const button = screen.getByRole('button', { name: 'Log in' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(within(button).getByRole('progressbar')).toBeInTheDocument();
    release();

    await waitFor(() => expect(window.sessionStorage.getItem('jwtToken')).toBe('access-new'));
    expect(history.location.pathname).toBe('/');
    notFound.stop();
    expect(notFound.seen).toEqual([]);
  });

  it('signs in without moving a visitor who went to another page meanwhile', async () => {
    const { release } = holdPost(LOGIN, () => HttpResponse.json(TOKENS));
    const { history } = renderApp('/login');
    const user = await logIn();
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    await user.click(within(legal).getByRole('link', { name: 'Terms and conditions' }));
    await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' });

    release();
    await waitFor(() => expect(window.sessionStorage.getItem('jwtToken')).toBe('access-new'));
    expect(history.location.pathname).toBe('/terms-and-conditions');
  });

  it('shows a general error beside the form and stays signed out', async () => {
    answerPost(LOGIN, () => validationFailed({ '': ['The e-mail or password is incorrect.'] }));
    const { history } = renderApp('/login');
    await logIn();
    await findFormAlert('The e-mail or password is incorrect.');
    expect(history.location.pathname).toBe('/login');
    expect(window.sessionStorage.getItem('jwtToken')).toBeNull();
  });

  it("shows 'Too many requests.' when the server refuses more attempts", async () => {
    // The server's own wording differs: the form shows the text of SPEC.md section 8.
    answerPost(LOGIN, () =>
      HttpResponse.json({ title: 'Too Many Requests', status: 429 }, { status: 429 }),
    );
    renderApp('/login');
    await logIn();
    await findFormAlert('Too many requests.');
  });

  it('shows field errors under their fields and clears one when its field is edited', async () => {
    answerPost(LOGIN, () =>
      validationFailed({
        email: ['Enter your e-mail address.'],
        password: ['Enter your password.'],
      }),
    );
    renderApp('/login');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Log in' }));

    const email = screen.getByLabelText('E-mail');
    await waitFor(() => expect(email).toHaveAccessibleDescription('Enter your e-mail address.'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password.');

    await user.type(email, 'a');
    expect(email).not.toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(screen.queryByText('Enter your e-mail address.')).not.toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
  });

  it('links to signing up and to the forgotten password', async () => {
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'New to Artshop? Create an account' })).toHaveAttribute(
      'href',
      '/sign-up',
    );
  });
});
