import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, uniqueEmail } from './support/customers';
import { waitForMail } from './support/outbox';
import { snackbar } from './support/shop';

/**
 * A customer's whole account life against the real server: sign up, log in, edit the profile and
 * the billing address, log out, reset a forgotten password with the code from the mail, log in
 * with the new password.
 */

interface ResetMail {
  code: string;
  /** Path and query of the link in the mail, e.g. /reset-password?email=...&code=... */
  link: string;
}

const RESET_LINK = /(https?:\/\/\S+\/reset-password\?\S+)/;
const RESET_CODE = /Your code: (\S+)/;

/** The code and the link of the newest reset mail to `email` in the server's outbox. */
async function waitForResetMail(email: string): Promise<ResetMail> {
  const body = await waitForMail(email, (text) => RESET_CODE.test(text) && RESET_LINK.test(text));
  const { pathname, search } = new URL(RESET_LINK.exec(body)?.[1] ?? '');
  return { code: RESET_CODE.exec(body)?.[1] ?? '', link: `${pathname}${search}` };
}

async function openAccountMenuItem(page: Page, name: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name }).click();
  // The menu closes in 250 ms while the next page arrives: the page is the customer's once the
  // menu has gone.
  await expect(page.getByRole('menu')).toHaveCount(0);
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** The tokens the client keeps in session storage (SPEC.md section 4). */
async function storedTokens(page: Page): Promise<unknown[]> {
  // A string, because this file is compiled without the DOM library.
  return page.evaluate<unknown[]>(
    "[sessionStorage.getItem('jwtToken'), sessionStorage.getItem('refreshToken')]",
  );
}

test('a customer signs up, edits the account, logs out and resets a forgotten password', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail();
  const firstPassword = PASSWORD;
  const newPassword = 'amber-lake-42-drifts';

  await test.step('sign up', async () => {
    await page.goto('/sign-up');
    await page.getByLabel('E-mail', { exact: true }).fill(email.toUpperCase());
    await page.getByLabel('Password', { exact: true }).fill(firstPassword);
    await page.getByLabel('Repeat the password', { exact: true }).fill(firstPassword);
    await page.getByRole('checkbox', { name: 'I agree to the privacy policy' }).check();
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByText('Your account has been created. Log in with your e-mail and password.'),
    ).toBeVisible();
    // The server answers the address as stored: trimmed and lower-cased.
    await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
  });

  await test.step('log in', async () => {
    await page.getByLabel('Password', { exact: true }).fill(firstPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Artshop' })).toBeVisible();
    const [accessToken, refreshToken] = await storedTokens(page);
    expect(accessToken).toEqual(expect.any(String));
    expect(refreshToken).toEqual(expect.any(String));
  });

  await test.step('change the names; they stay after a reload', async () => {
    await openAccountMenuItem(page, 'Account settings');
    await expect(page).toHaveURL(/\/account-settings$/);
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    const names = page.getByRole('form', { name: 'Your name' });
    await names.getByLabel('First name', { exact: true }).fill('Ada');
    await names.getByLabel('Last name', { exact: true }).fill('Lovelace');
    await names.getByRole('button', { name: 'Save name' }).click();
    await expect(snackbar(page)).toHaveText('Your name has been saved.');

    await page.reload();
    await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Ada');
    await expect(page.getByLabel('Last name', { exact: true })).toHaveValue('Lovelace');
  });

  await test.step('fill in the billing information; it stays after a reload', async () => {
    await openAccountMenuItem(page, 'Billing information');
    await expect(page).toHaveURL(/\/billing-information$/);
    const country = page.getByRole('combobox', { name: 'Country' });
    await country.fill('Norw');
    await page.getByRole('option', { name: 'Norway' }).click();
    await page.getByLabel('State, province or region (optional)', { exact: true }).fill('Oslo');
    await page.getByLabel('City', { exact: true }).fill('Oslo');
    await page.getByLabel('Address', { exact: true }).fill('Karl Johans gate 1');
    await page.getByLabel('ZIP or postal code', { exact: true }).fill('0154');
    await page.getByRole('button', { name: 'Save billing information' }).click();
    await expect(snackbar(page)).toHaveText('Your billing information has been saved.');

    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('Norway');
    await expect(
      page.getByLabel('State, province or region (optional)', { exact: true }),
    ).toHaveValue('Oslo');
    await expect(page.getByLabel('City', { exact: true })).toHaveValue('Oslo');
    await expect(page.getByLabel('Address', { exact: true })).toHaveValue('Karl Johans gate 1');
    await expect(page.getByLabel('ZIP or postal code', { exact: true })).toHaveValue('0154');
  });

  await test.step('log out', async () => {
    const [, refreshToken] = await storedTokens(page);
    await openAccountMenuItem(page, 'Log out');
    await expect(page).toHaveURL(/\/$/);
    await expect(snackbar(page)).toHaveText('You have been logged out.');
    // The session ends once the home page is rendered.
    await expect.poll(() => storedTokens(page)).toEqual([null, null]);
    await page.goto('/account-settings');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Log in to see your account settings.' }),
    ).toBeVisible();
    // The login ended on the server too: its last refresh token no longer refreshes.
    const refresh = await request.post('/api/Accounts/refresh', { data: { refreshToken } });
    expect(refresh.status()).toBe(400);
  });

  await test.step('ask for a reset code', async () => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send the code' }).click();
    await expect(
      page.getByText(
        'If an account exists for this e-mail, we have sent it a code to reset the password.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Enter the code' })).toHaveAttribute(
      'href',
      `/reset-password?email=${encodeURIComponent(email)}`,
    );
  });

  const mail = await test.step('read the code from the outbox', () => waitForResetMail(email));

  await test.step('open the link from the mail and set a new password', async () => {
    await page.goto(mail.link);
    await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
    await expect(page.getByLabel('Code', { exact: true })).toHaveValue(mail.code);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Repeat the new password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Set the new password' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByText('Your password has been reset. Log in with the new password.'),
    ).toBeVisible();
  });

  await test.step('the old password no longer works, the new one does', async () => {
    await logIn(page, email, firstPassword);
    // A general message stands in the form until the next attempt.
    await expect(page.locator('form').getByRole('alert')).toHaveText(
      'The e-mail or password is incorrect.',
    );

    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/$/);
    await openAccountMenuItem(page, 'Account settings');
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  });
});
