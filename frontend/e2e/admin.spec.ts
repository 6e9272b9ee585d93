import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { seriousFindings, WCAG_21_AA } from '../src/test/axeFindings';
import { PASSWORD, uniqueEmail } from './support/customers';
import { registerCustomer } from './support/shop';
import { addStaffFromTheCommandLine } from './support/staff';
import { totpCode, totpStep } from './support/totp';

/**
 * The back office from its first day: an owner made on the command line sets up their
 * authenticator from the printed link (the codes computed here from the key the page shows, as
 * a phone would), invites a support member, signs out and in again, and finds it all in the
 * audit trail; a customer's token opens no admin call. Axe checks every screen on the way
 * (WCAG 2.1 A and AA, as e2e/accessibility.spec.ts does for the shop).
 */

/** No serious or critical axe finding on the screen as it is now. */
async function expectAccessible(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  expect(seriousFindings(results.violations), `axe on ${screen}`).toEqual([]);
}

/** The key the set-up page shows, grouped in fours: the key without the spaces. */
async function shownKey(page: Page): Promise<string> {
  const grouped = await page.locator('code').first().textContent();
  return (grouped ?? '').replace(/\s/g, '');
}

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
    await page.goto(setupPath);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Set up your back-office account' }),
    ).toBeVisible();
    await expectAccessible(page, 'the set-up page');
    key = await shownKey(page);
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    await expect(page.getByRole('link', { name: 'Open in an authenticator app' })).toHaveAttribute(
      'href',
      new RegExp(`^otpauth://totp/.*secret=${key}`),
    );
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    setupStep = totpStep();
    await page.getByLabel('Code from your authenticator app').fill(totpCode(key, setupStep));
    await page.getByRole('button', { name: 'Finish set-up' }).click();

    await expect(
      page.getByRole('heading', { level: 1, name: 'Keep your recovery codes' }),
    ).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
    ).toHaveCount(10);
    await expectAccessible(page, 'the recovery codes');
    const next = page.getByRole('button', { name: 'Continue' });
    await expect(next).toBeDisabled();
    await page.getByRole('checkbox', { name: 'I have kept these codes somewhere safe' }).check();
    await next.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Back office' })).toBeVisible();
    await expectAccessible(page, 'the back office home');
  });

  await test.step('the used link is refused', async () => {
    const again = await request.get(`/api/admin/setup/${setupPath.split('/').pop()}`);
    expect(again.status()).toBe(404);
    expect(await again.text()).toContain('This set-up link is not valid');
  });

  const supportMember = uniqueEmail();
  await test.step('invite a support member', async () => {
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Staff' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
    await page.getByRole('button', { name: 'Invite' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a staff member' });
    await expectAccessible(page, 'the invitation dialog');
    await dialog.getByLabel('E-mail').fill(supportMember);
    await dialog.getByLabel('Role').selectOption('support');
    await dialog.getByRole('button', { name: 'Invite' }).click();
    await expect(dialog.getByText(`Set-up link made for ${supportMember}.`)).toBeVisible();
    await expect(dialog.locator('code')).toContainText('/admin/setup/');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('row', { name: new RegExp(supportMember) })).toContainText(
      'Invited',
    );
    await expectAccessible(page, 'the staff list');
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

  await test.step('the audit trail holds each of those actions', async () => {
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Audit trail' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
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
