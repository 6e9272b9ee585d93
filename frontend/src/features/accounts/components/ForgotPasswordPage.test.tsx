import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { answerPost, holdPost, validationFailed } from '../testing/accountsServer';
import { fill } from '@/test/fill';
import { findFormAlert } from '@/test/formAlert';

const FORGOT_PASSWORD = '/api/Accounts/forgot-password';
const SENT = 'If an account exists for this e-mail, we have sent it a code to reset the password.';

async function ask(email: string) {
  const user = userEvent.setup({ delay: null });
  await fill(user, await screen.findByLabelText('E-mail'), email);
  await user.click(screen.getByRole('button', { name: 'Send the code' }));
  return user;
}

describe('forgot-password page', () => {
  it("shows the server's answer and links to entering the code for that address", async () => {
    const { bodies, release } = holdPost(FORGOT_PASSWORD, () =>
      HttpResponse.json({ message: SENT }),
    );
    renderApp('/forgot-password');
    const user = await ask('ann+art@example.com');
    const button = screen.getByRole('button', { name: 'Send the code' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(within(button).getByRole('progressbar')).toBeInTheDocument();
    release();

    // The button that had the focus is gone: the answer has it.
    await waitFor(() => expect(screen.getByText(SENT).closest('[tabindex="-1"]')).toHaveFocus());
    expect(bodies).toEqual([{ email: 'ann+art@example.com' }]);
    expect(screen.getByRole('link', { name: 'Enter the code' })).toHaveAttribute(
      'href',
      '/reset-password?email=ann%2Bart%40example.com',
    );

    await user.click(screen.getByRole('button', { name: 'Send the code again' }));
    expect(screen.getByLabelText('E-mail')).toHaveValue('ann+art@example.com');
    expect(screen.getByLabelText('E-mail')).toHaveFocus();
  });

  it('shows an e-mail error under the field', async () => {
    answerPost(FORGOT_PASSWORD, () =>
      validationFailed({ email: ['Enter a valid e-mail address.'] }),
    );
    renderApp('/forgot-password');
    await ask('ann');
    await waitFor(() =>
      expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription(
        'Enter a valid e-mail address.',
      ),
    );
  });

  it("shows 'An error has occurred.' beside the form when the server fails", async () => {
    answerPost(FORGOT_PASSWORD, () => HttpResponse.json({}, { status: 500 }));
    renderApp('/forgot-password');
    await ask('ann@example.com');
    await findFormAlert('An error has occurred.');
  });
});
