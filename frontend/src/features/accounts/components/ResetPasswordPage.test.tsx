import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { answerPost, holdPost, validationFailed } from '../testing/accountsServer';
import { fill } from '@/test/fill';
import { findFormAlert } from '@/test/formAlert';

const RESET_PASSWORD = '/api/Accounts/reset-password';
const DONE = 'Your password has been reset. Log in with the new password.';
const MAIL_LINK = '/reset-password?email=ann%2Bart%40example.com&code=K7QM2XPA';

async function chooseNewPassword() {
  const user = userEvent.setup({ delay: null });
  await fill(user, await screen.findByLabelText('New password'), 'amber-lake-42');
  await fill(user, screen.getByLabelText('Repeat the new password'), 'amber-lake-42');
  await user.click(screen.getByRole('button', { name: 'Set the new password' }));
}

describe('reset-password page', () => {
  it('fills in the e-mail and the code from the address of the mail link', async () => {
    renderApp(MAIL_LINK);
    expect(await screen.findByLabelText('E-mail')).toHaveValue('ann+art@example.com');
    expect(screen.getByLabelText('Code')).toHaveValue('K7QM2XPA');
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });

  it('resets the password and sends the customer to log in with the message', async () => {
    const { bodies, release } = holdPost(RESET_PASSWORD, () =>
      HttpResponse.json({ message: DONE }),
    );
    const { history } = renderApp(MAIL_LINK);
    await chooseNewPassword();
    const button = screen.getByRole('button', { name: 'Set the new password' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(within(button).getByRole('progressbar')).toBeInTheDocument();
    release();

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/login');
    expect(screen.getByText(DONE)).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('ann+art@example.com');
    expect(bodies).toEqual([
      {
        email: 'ann+art@example.com',
        code: 'K7QM2XPA',
        password: 'amber-lake-42',
        repeatedPassword: 'amber-lake-42',
      },
    ]);
    expect(window.sessionStorage.getItem('jwtToken')).toBeNull();
  });

  it('shows a refused code under the code field, with a way to ask for a new one', async () => {
    answerPost(RESET_PASSWORD, () =>
      validationFailed({ code: ['The code is wrong or has expired. Ask for a new one.'] }),
    );
    renderApp(MAIL_LINK);
    await chooseNewPassword();
    await waitFor(() =>
      expect(screen.getByLabelText('Code')).toHaveAccessibleDescription(
        'The code is wrong or has expired. Ask for a new one.',
      ),
    );
    expect(
      screen.getByRole('link', { name: 'No code, or it expired? Ask for a new one' }),
    ).toHaveAttribute('href', '/forgot-password');
  });

  it('shows a general message beside the form', async () => {
    answerPost(RESET_PASSWORD, () => validationFailed({ '': ['Try again later.'] }));
    renderApp(MAIL_LINK);
    await chooseNewPassword();
    await findFormAlert('Try again later.');
  });
});
