import { expect, test } from '@playwright/test';
import {
  expectAccessible,
  inviteStaffMember,
  openBackOfficeScreen,
  setUpStaffAccount,
} from './support/backOffice';
import { PASSWORD, uniqueEmail } from './support/customers';
import { registerCustomer } from './support/shop';
import { addStaffFromTheCommandLine } from './support/staff';
import { totpCode } from './support/totp';

/**
 * The back office from its first day: an owner made on the command line sets up their
 * authenticator from the printed link (the codes computed here from the key the page shows, as
 * a phone would), invites a support member, signs out and in again, and finds it all in the
 * audit trail; a customer's token opens no admin call. Axe checks every screen on the way
 * (WCAG 2.1 A and AA, as e2e/accessibility.spec.ts does for the shop).
 */

test('an owner made on the command line sets up a second factor, invites staff and reads the audit trail', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const owner = uniqueEmail();
  const setupPath = addStaffFromTheCommandLine(owner, 'owner');
  let key = '';
  let setupStep = 0;

  await test.step('set up: a password, the authenticator, the recovery codes', async () => {
    ({ key, setupStep } = await setUpStaffAccount(page, setupPath));
  });

  await test.step('the used link is refused', async () => {
    const again = await request.get(`/api/admin/setup/${setupPath.split('/').pop()}`);
    expect(again.status()).toBe(404);
    expect(await again.text()).toContain('This set-up link is not valid');
  });

  await test.step('invite a support member', async () => {
    await inviteStaffMember(page, uniqueEmail(), 'support');
  });

  await test.step('sign out, then in again with the next code', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Sign in to the back office' }),
    ).toBeVisible();
    await expectAccessible(page, 'the sign-in page');
    await page.getByLabel('E-mail').fill(owner);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    // The set-up's code is used; the next step's is accepted a step early.
    await page
      .getByLabel('Code from your authenticator app or a recovery code')
      .fill(totpCode(key, setupStep + 1));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Back office' })).toBeVisible();
  });

  await test.step('the dashboard, with its chart and exports, passes axe', async () => {
    await openBackOfficeScreen(page, 'Dashboard');
    await expect(page.getByRole('row', { name: /^Revenue less refunds/ })).toBeVisible();
    await expect(page.locator('.admin-chart canvas')).toBeVisible();
    await expectAccessible(page, 'the dashboard');
  });

  await test.step('the catalogue', async () => {
    await openBackOfficeScreen(page, 'Catalogue');
    await expect(page.getByRole('button', { name: 'Apply filters' })).toBeVisible();
    await expectAccessible(page, 'the catalogue');
    await page.getByRole('link', { name: 'Upload a picture' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Upload a picture' })).toBeVisible();
    await expectAccessible(page, 'the upload page');
  });

  await test.step('the audit trail holds each of those actions', async () => {
    await openBackOfficeScreen(page, 'Audit trail');
    const trail = page.getByRole('table');
    await expect(
      trail.getByRole('cell', { name: 'staff.sign_in', exact: true }).first(),
    ).toBeVisible();
    await expectAccessible(page, 'the audit trail');
    for (const action of [
      'staff.add',
      'staff.setup',
      'staff.invite',
      'staff.sign_out',
      'staff.sign_in',
    ]) {
      await expect(trail.getByRole('cell', { name: action, exact: true }).first()).toBeVisible();
    }
  });

  await test.step('the support desk opens', async () => {
    await openBackOfficeScreen(page, 'Tickets');
    await expectAccessible(page, 'the ticket list');
  });

  await test.step("a customer's token opens no admin call", async () => {
    const customer = await registerCustomer(request);
    const login = await request.post('/api/Accounts/login', {
      data: { email: customer, password: PASSWORD },
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const answer = await request.get('/api/admin/staff', {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    expect(answer.status()).toBe(403);
    expect(await answer.text()).toContain('Sign in to the back office.');
  });
});
