import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import {
  answerPost,
  holdPost,
  PROFILE,
  serveProfile,
  validationFailed,
} from '../testing/accountsServer';
import { fill } from '@/test/fill';

const UPDATE = '/api/accounts/update';
const CHANGE_PASSWORD = '/api/Accounts/change-password';

async function openSettings() {
  signIn('access-1');
  const authorizations = serveProfile();
  const view = renderApp('/account-settings');
  await screen.findByText(PROFILE.email);
  return { ...view, authorizations, user: userEvent.setup({ delay: null }) };
}

const namesForm = () => screen.getByRole('form', { name: 'Your name' });
const passwordForm = () => screen.getByRole('form', { name: 'Change password' });

describe('account settings page', () => {
  it("shows the customer's e-mail and names, loaded with the bearer token", async () => {
    const { authorizations } = await openSettings();
    expect(screen.getByText(/Signed in as/)).toHaveTextContent(`Signed in as ${PROFILE.email}`);
    expect(within(namesForm()).getByLabelText('First name')).toHaveValue('Ann');
    expect(within(namesForm()).getByLabelText('Last name')).toHaveValue('Lee');
    expect(authorizations).toEqual(['Bearer access-1']);
  });

  it('saves the names and says so in the snackbar', async () => {
    const { bodies, release } = holdPost(UPDATE, () =>
      HttpResponse.json({ ...PROFILE, firstName: 'Anna', lastName: 'Lee-Park' }),
    );
    const { user, store } = await openSettings();
    const firstName = within(namesForm()).getByLabelText('First name');
    await user.clear(firstName);
    await fill(user, firstName, 'Anna');
    await fill(user, within(namesForm()).getByLabelText('Last name'), '-Park');
    const button = within(namesForm()).getByRole('button', { name: 'Save name' });
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(within(button).getByRole('progressbar')).toBeInTheDocument();
    release();

    expect(await screen.findByRole('alert')).toHaveTextContent('Your name has been saved.');
    expect(button).toBeEnabled();
    expect(bodies).toEqual([{ firstName: 'Anna', lastName: 'Lee-Park' }]);
    // The answer replaces the cached profile.
    expect(JSON.stringify(store.getState().api.queries)).toContain('Lee-Park');
  });

  it('shows name errors under their fields', async () => {
    answerPost(UPDATE, () => validationFailed({ firstName: ['Enter your first name.'] }));
    const { user } = await openSettings();
    await user.clear(within(namesForm()).getByLabelText('First name'));
    await user.click(within(namesForm()).getByRole('button', { name: 'Save name' }));
    await waitFor(() =>
      expect(within(namesForm()).getByLabelText('First name')).toHaveAccessibleDescription(
        'Enter your first name.',
      ),
    );
  });

  it("changes the password, shows the server's message and empties the fields", async () => {
    const { bodies, release } = holdPost(CHANGE_PASSWORD, () =>
      HttpResponse.json({ message: 'Your password has been changed.' }),
    );
    const { user } = await openSettings();
    const form = passwordForm();
    await fill(user, within(form).getByLabelText('Current password'), 'violet-kite-93');
    await fill(user, within(form).getByLabelText('New password'), 'amber-lake-42');
    await fill(user, within(form).getByLabelText('Repeat the new password'), 'amber-lake-42');
    const button = within(form).getByRole('button', { name: 'Change password' });
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(within(button).getByRole('progressbar')).toBeInTheDocument();
    release();

    expect(await screen.findByRole('alert')).toHaveTextContent('Your password has been changed.');
    expect(bodies).toEqual([
      {
        currentPassword: 'violet-kite-93',
        password: 'amber-lake-42',
        repeatedPassword: 'amber-lake-42',
      },
    ]);
    expect(within(form).getByLabelText('Current password')).toHaveValue('');
    expect(within(form).getByLabelText('New password')).toHaveValue('');
  });

  it('shows a wrong current password under its field', async () => {
    answerPost(CHANGE_PASSWORD, () =>
      validationFailed({ currentPassword: ['The current password is incorrect.'] }),
    );
    const { user } = await openSettings();
    const form = passwordForm();
    await fill(user, within(form).getByLabelText('Current password'), 'wrong-one-1');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Current password')).toHaveAccessibleDescription(
        'The current password is incorrect.',
      ),
    );
    expect(within(form).getByLabelText('New password')).toHaveAccessibleDescription(
      '8 to 128 characters, and not a common password.',
    );
  });

  it('offers to try again when the profile cannot be loaded', async () => {
    signIn();
    let calls = 0;
    server.use(
      http.get(apiUrl('/api/Accounts/profile'), () => {
        calls += 1;
        return calls <= 2 ? HttpResponse.json({}, { status: 500 }) : HttpResponse.json(PROFILE);
      }),
    );
    renderApp('/account-settings');
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('Your profile could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(PROFILE.email)).toBeInTheDocument();
  });
});
