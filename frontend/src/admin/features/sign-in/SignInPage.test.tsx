import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fill } from '@/test/fill';
import { findFormAlert } from '@/test/formAlert';
import { renderApp } from '@/test/render';
import { answer, OWNER, refusal, STAFF_TOKEN, staffSession } from '../../testing/staffServer';

const SESSION = '/api/admin/session';
const CODE_LABEL = 'Code from your authenticator app or a recovery code';

async function signIn(user: UserEvent, code = '123 456') {
  await fill(user, await screen.findByLabelText('E-mail'), 'ann@example.com');
  await fill(user, screen.getByLabelText('Password'), 'violet-kite-93');
  await fill(user, screen.getByLabelText(CODE_LABEL), code);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

function openSignIn(path = '/admin/sign-in') {
  const view = renderApp(path);
  return { ...view, user: userEvent.setup({ delay: null }) };
}

describe('back-office sign-in', () => {
  it('signs in with password and code, keeps the staff token in session storage and opens the home', async () => {
    const calls = answer('post', SESSION, () => HttpResponse.json(staffSession(OWNER)));
    const { history, user } = openSignIn();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to the back office' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Sign in to the back office | Artshop'));
    await expectNoAxeViolations();

    await signIn(user);

    // The home is drawn from the session the sign-in answered: no other call is made.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Back office' }),
    ).toBeInTheDocument();
    expect(history.location.pathname).toBe('/admin');
    expect(calls.map((call) => call.body)).toEqual([
      { email: 'ann@example.com', password: 'violet-kite-93', code: '123 456' },
    ]);
    expect(calls[0]?.authorization).toBeNull();
    expect(window.sessionStorage.getItem('staff-session')).toBe(STAFF_TOKEN);
    expect(window.sessionStorage.getItem('jwtToken')).toBeNull();
  });

  it('accepts a recovery code in the same field', async () => {
    const calls = answer('post', SESSION, () => HttpResponse.json(staffSession(OWNER)));
    const { user } = openSignIn();
    await signIn(user, 'abcde-fghjk');
    await screen.findByRole('heading', { level: 1, name: 'Back office' });
    expect(calls[0]?.body).toMatchObject({ code: 'abcde-fghjk' });
  });

  it('goes on to the back-office page named by next', async () => {
    answer('post', SESSION, () => HttpResponse.json(staffSession(OWNER)));
    answer('get', '/api/admin/staff', () => HttpResponse.json({ items: [] }));
    const { history, user } = openSignIn('/admin/sign-in?next=%2Fadmin%2Fstaff');
    await signIn(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/admin/staff');
  });

  it.each([
    ['E-mail', 'email', 'Enter a valid e-mail address.'],
    ['Password', 'password', 'Enter your password.'],
    [CODE_LABEL, 'code', 'This code was used already: wait for the next one.'],
  ])('shows a refusal of the %s under that field', async (label, field, message) => {
    answer('post', SESSION, () => refusal(400, { [field]: [message] }));
    const { history, user } = openSignIn();
    await signIn(user);

    const input = screen.getByLabelText(label);
    await waitFor(() => expect(input).toHaveAccessibleDescription(message));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(history.location.pathname).toBe('/admin/sign-in');
    expect(window.sessionStorage.getItem('staff-session')).toBeNull();
  });

  it.each(['Wrong e-mail, password or code.', 'This staff account is suspended.'])(
    "shows '%s' above the form",
    async (message) => {
      answer('post', SESSION, () => refusal(400, { '': [message] }));
      const { user } = openSignIn();
      await signIn(user);
      await findFormAlert(message);
      expect(screen.getByLabelText(CODE_LABEL)).toHaveAttribute('aria-invalid', 'false');
      expect(window.sessionStorage.getItem('staff-session')).toBeNull();
    },
  );

  it("says 'Too many requests.' when the server holds sign-ins back", async () => {
    answer('post', SESSION, () =>
      HttpResponse.json({ title: 'Too Many Requests' }, { status: 429 }),
    );
    const { user } = openSignIn();
    await signIn(user);
    await findFormAlert('Too many requests.');
  });
});
