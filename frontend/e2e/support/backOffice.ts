import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { seriousFindings, WCAG_21_AA } from '../../src/test/axeFindings';
import { PASSWORD } from './customers';
import { totpCode, totpStep } from './totp';

/** No serious or critical axe finding on the screen as it is now (WCAG 2.1 A and AA). */
export async function expectAccessible(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  expect(seriousFindings(results.violations), `axe on ${screen}`).toEqual([]);
}

/** The key the set-up page shows, grouped in fours: the key without the spaces. */
async function shownKey(page: Page): Promise<string> {
  const grouped = await page.locator('code').first().textContent();
  return (grouped ?? '').replace(/\s/g, '');
}

/** What a finished set-up leaves: the authenticator's key and the step of the code it used. */
export interface StaffAuthenticator {
  key: string;
  setupStep: number;
}

/**
 * Sets up a back-office account from its set-up link as a member would: a password, the
 * authenticator (its codes computed here from the key the page shows, as a phone would), the
 * recovery codes kept; axe on each screen. Ends on the back office's home, signed in.
 */
export async function setUpStaffAccount(
  page: Page,
  setupPath: string,
): Promise<StaffAuthenticator> {
  await page.goto(setupPath);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Set up your back-office account' }),
  ).toBeVisible();
  await expectAccessible(page, 'the set-up page');
  const key = await shownKey(page);
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.getByRole('link', { name: 'Open in an authenticator app' })).toHaveAttribute(
    'href',
    new RegExp(`^otpauth://totp/.*secret=${key}`),
  );
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const setupStep = totpStep();
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
  return { key, setupStep };
}

/** Opens a screen from the back office's navigation and waits for its heading. */
export async function openBackOfficeScreen(page: Page, label: string, heading = label) {
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: label })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/**
 * Invites a member with `role` from the Staff screen, as an owner does (axe on the dialog and the
 * list); answers the path of the set-up link the dialog shows, which the owner hands over.
 */
export async function inviteStaffMember(page: Page, email: string, role: string): Promise<string> {
  await openBackOfficeScreen(page, 'Staff');
  await page.getByRole('button', { name: 'Invite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a staff member' });
  await expectAccessible(page, 'the invitation dialog');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Role').selectOption(role);
  await dialog.getByRole('button', { name: 'Invite' }).click();
  await expect(dialog.getByText(`Set-up link made for ${email}.`)).toBeVisible();
  const link = dialog.locator('code');
  await expect(link).toContainText('/admin/setup/');
  const setupPath = new URL((await link.textContent()) ?? '', page.url()).pathname;
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('row', { name: new RegExp(email) })).toContainText('Invited');
  await expectAccessible(page, 'the staff list');
  return setupPath;
}
