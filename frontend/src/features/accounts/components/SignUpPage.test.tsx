import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { answerPost, holdPost, validationFailed } from '../testing/accountsServer';
import { fill } from '@/test/fill';
import { findFormAlert } from '@/test/formAlert';

const REGISTER = '/api/Accounts/register';

async function fillIn({ agree = true } = {}) {
  const user = userEvent.setup({ delay: null });
  await fill(user, await screen.findByLabelText('E-mail'), 'Ann@Example.com');
  await fill(user, screen.getByLabelText('Password'), 'violet-kite-93');
  await fill(user, screen.getByLabelText('Repeat the password'), 'violet-kite-93');
  if (agree) {
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the privacy policy' }));
  }
  return user;
}

describe('sign-up page', () => {
  it('shows only what the last attempt said: a mistyped password replaces the sign-up notice', async () => {
    answerPost(REGISTER, () => HttpResponse.json({ email: 'ann@example.com' }));
    answerPost('/api/Accounts/login', () =>
      validationFailed({ '': ['The e-mail or the password is wrong.'] }),
    );
    renderApp('/sign-up');
    const user = await fillIn();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByText(
        'Your account has been created. Log in with your e-mail and password.',
      ),
    ).toBeInTheDocument();

    await fill(user, screen.getByLabelText('Password'), 'violet-kite-39');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await findFormAlert('The e-mail or the password is wrong.');
    expect(screen.queryByText(/Your account has been created/)).not.toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('creates the account and sends the customer to log in, with the e-mail filled in', async () => {
    const { bodies, release } = holdPost(REGISTER, () =>
      HttpResponse.json({ email: 'ann@example.com' }),
    );
    const { history } = renderApp('/sign-up');
    const user = await fillIn();
    const button = screen.getByRole('button', { name: 'Create account' });
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(within(button).getByRole('progressbar')).toBeInTheDocument();
    release();

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/login');
    expect(
      screen.getByText('Your account has been created. Log in with your e-mail and password.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('ann@example.com');
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(bodies).toEqual([
      {
        email: 'Ann@Example.com',
        password: 'violet-kite-93',
        repeatedPassword: 'violet-kite-93',
        agreedToPrivacyPolicy: true,
      },
    ]);
    // Registering does not sign in.
    expect(window.sessionStorage.getItem('jwtToken')).toBeNull();
  });

  it('explains the password rules and links the privacy policy', async () => {
    renderApp('/sign-up');
    expect(await screen.findByLabelText('Password')).toHaveAccessibleDescription(
      '8 to 128 characters, and not a common password.',
    );
    const form = screen.getByRole('form', { name: 'Sign up' });
    expect(within(form).getByRole('link', { name: 'privacy policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    expect(screen.getByRole('link', { name: 'Already have an account? Log in' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('shows the field errors under their fields, the agreement included', async () => {
    answerPost(REGISTER, () =>
      validationFailed({
        email: ['An account with this e-mail already exists.'],
        password: ['This password is too common. Choose a less common one.'],
        agreedToPrivacyPolicy: ['You must agree to the privacy policy.'],
      }),
    );
    renderApp('/sign-up');
    const user = await fillIn({ agree: false });
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const email = screen.getByLabelText('E-mail');
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('An account with this e-mail already exists.'),
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'This password is too common. Choose a less common one.',
    );
    const agreement = screen.getByRole('checkbox', { name: 'I agree to the privacy policy' });
    expect(agreement).toHaveAttribute('aria-invalid', 'true');
    expect(agreement).toHaveAccessibleDescription('You must agree to the privacy policy.');
    expect(screen.getByRole('heading', { name: 'Sign up' })).toBeInTheDocument();
  });

  it('shows a refusal without field errors beside the form', async () => {
    // The server's own wording differs: the form shows the text of SPEC.md section 8.
    answerPost(REGISTER, () =>
      HttpResponse.json({ title: 'Too Many Requests', status: 429 }, { status: 429 }),
    );
    renderApp('/sign-up');
    const user = await fillIn();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await findFormAlert('Too many requests.');
  });
});
