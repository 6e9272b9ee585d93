import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fill } from '@/test/fill';
import { renderApp } from '@/test/render';
import { readText, watchSavedFiles } from '@/test/savedFiles';
import type { SetupInfo } from '../../api/types';
import { answer, OWNER, refusal, STAFF_TOKEN, staffSession } from '../../testing/staffServer';

const TOKEN = 'Q2hhbmdlIHRoZSBzZWNyZXQgYmVmb3JlIHlvdSBzaGlwIGl0';
const SETUP = `/api/admin/setup/${TOKEN}`;
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from(
  { length: 10 },
  (_, index) => `ABCDE-FGH${String(index).padStart(2, '0')}`,
);

function setupInfo(needsPassword: boolean): SetupInfo {
  return {
    email: 'ann@example.com',
    role: 'owner',
    needsPassword,
    secret: SECRET,
    otpauthUrl: `otpauth://totp/Artshop:ann%40example.com?secret=${SECRET}&issuer=Artshop&algorithm=SHA1&digits=6&period=30`,
  };
}

function openSetup(needsPassword: boolean) {
  const gets = answer('get', SETUP, () => HttpResponse.json(setupInfo(needsPassword)));
  const view = renderApp(`/admin/setup/${TOKEN}`);
  return { ...view, gets, user: userEvent.setup({ delay: null }) };
}

async function finish(user: UserEvent) {
  await fill(user, screen.getByLabelText('Code from your authenticator app'), '123456');
  await user.click(screen.getByRole('button', { name: 'Finish set-up' }));
}

const completes = () =>
  answer('post', SETUP, () =>
    HttpResponse.json({ recoveryCodes: CODES, session: staffSession(OWNER) }),
  );

describe('back-office set-up', () => {
  it('asks a member without a password for one, shows the key in fours and the app link, then the recovery codes', async () => {
    const posts = completes();
    const { history, gets, user } = openSetup(true);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up your back-office account' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('ann@example.com')).toBeInTheDocument();
    expect(screen.getByText(/as Owner/)).toBeInTheDocument();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in an authenticator app' })).toHaveAttribute(
      'href',
      setupInfo(true).otpauthUrl,
    );
    await user.click(screen.getByRole('button', { name: 'Copy the key' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(screen.getByRole('status')).toHaveTextContent('Copied.');
    await expectNoAxeViolations();

    await fill(user, screen.getByLabelText('Password'), 'violet-kite-93');
    await finish(user);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Keep your recovery codes' }),
    ).toBeInTheDocument();
    expect(posts.map((call) => call.body)).toEqual([
      { password: 'violet-kite-93', code: '123456' },
    ]);
    const shown = within(screen.getByRole('list', { name: 'Recovery codes' })).getAllByRole(
      'listitem',
    );
    expect(shown.map((item) => item.textContent)).toEqual(CODES);
    // The used link is not asked for again.
    expect(gets).toHaveLength(1);
    await expectNoAxeViolations();
    expect(history.location.pathname).toBe(`/admin/setup/${TOKEN}`);
  });

  it('leaves the password out when the account has one', async () => {
    const posts = completes();
    const { user } = openSetup(false);
    await screen.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(screen.queryByLabelText('Password')).toBeNull();
    await finish(user);
    await screen.findByRole('heading', { level: 1, name: 'Keep your recovery codes' });
    expect(posts.map((call) => call.body)).toEqual([{ code: '123456' }]);
  });

  it('goes on only once the codes are said to be kept, and downloads them as text', async () => {
    completes();
    const saved = watchSavedFiles();
    const { history, user } = openSetup(false);
    await screen.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await finish(user);

    const next = await screen.findByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    // The session the set-up made is kept only on the way on.
    expect(window.sessionStorage.getItem('staff-session')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Download as text' }));
    expect(saved.map((file) => file.name)).toEqual(['artshop-recovery-codes.txt']);
    const file = saved[0]?.file;
    const text = file === undefined ? '' : await readText(file);
    for (const code of CODES) expect(text).toContain(code);

    await user.click(
      screen.getByRole('checkbox', { name: 'I have kept these codes somewhere safe' }),
    );
    expect(next).toBeEnabled();
    await user.click(next);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Back office' }),
    ).toBeInTheDocument();
    expect(history.location.pathname).toBe('/admin');
    expect(window.sessionStorage.getItem('staff-session')).toBe(STAFF_TOKEN);
  });

  it('shows a wrong code under the code field and stays', async () => {
    answer('post', SETUP, () =>
      refusal(400, {
        code: ['That code is not right: check the time on your phone and try again.'],
      }),
    );
    const { user } = openSetup(false);
    await screen.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await finish(user);

    const code = screen.getByLabelText('Code from your authenticator app');
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(
        'That code is not right: check the time on your phone and try again.',
      ),
    );
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('heading', { name: 'Keep your recovery codes' })).toBeNull();
  });

  it('shows a refused password under the password field', async () => {
    answer('post', SETUP, () => refusal(400, { password: ['Use at least 10 characters.'] }));
    const { user } = openSetup(true);
    await fill(user, await screen.findByLabelText('Password'), 'short');
    await finish(user);
    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
        'Use at least 10 characters.',
      ),
    );
  });

  it('says why a link that is not valid cannot be used, and offers to sign in', async () => {
    const message = 'This set-up link is not valid: it was used, replaced or has expired.';
    answer('get', SETUP, () => refusal(404, { '': [message] }));
    renderApp(`/admin/setup/${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Sign in to the back office' })).toHaveAttribute(
      'href',
      '/admin/sign-in',
    );
    expect(screen.queryByLabelText('Code from your authenticator app')).toBeNull();
    await expectNoAxeViolations();
  });
});
