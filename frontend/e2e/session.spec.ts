import { expect, test, type Page } from '@playwright/test';
import { PASSWORD } from './support/customers';
import {
  fillPayer,
  logIn,
  registerCustomer,
  rejectOptionalCookies,
  snackbar,
  stored,
} from './support/shop';

/**
 * One customer's session against the real server: a deposit through the sandbox payment page, an
 * expired access token renewed once, a password change, and a refresh token presented again
 * past the grace after it was rotated, which ends the session.
 */

const NEW_PASSWORD = 'amber-lake-42-drifts';

/** What a stale access token looks like to the server: a signature that does not verify. */
async function spoilAccessToken(page: Page) {
  await page.evaluate("sessionStorage.setItem('jwtToken', 'eyJhbGciOiJIUzI1NiJ9.e30.spoilt')");
}

test('a customer deposits, survives an expired token, changes the password and is logged out when the session is revoked', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const email = await registerCustomer(request);
  await rejectOptionalCookies(page);
  await logIn(page, email);

  await test.step('deposit through the sandbox payment page; the balance grows', async () => {
    await page.goto('/balance');
    const balance = page.getByRole('region', { name: 'Your balance' });
    await expect(balance.getByText('€0.00', { exact: true })).toBeVisible();
    const deposit = page.getByRole('form', { name: 'Top up your balance' });
    await deposit.getByLabel('Deposit amount (EUR)').fill('20');
    await fillPayer(deposit, page);
    await deposit
      .getByRole('checkbox', { name: 'I agree to the privacy policy and the terms and conditions' })
      .check();
    await deposit.getByRole('button', { name: 'Continue to payment' }).click();

    await expect(page).toHaveURL(/\/payments\/sandbox\/checkout\?session=/);
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/balance\?deposit=\d+$/);
    await expect(page.getByText('Payment received')).toBeVisible({ timeout: 30_000 });
    await expect(balance.getByText('€20.00', { exact: true })).toBeVisible();
  });

  await test.step('an expired access token is refreshed once and the customer stays in', async () => {
    const refreshTokenBefore = await stored(page, 'sessionStorage', 'refreshToken');
    await spoilAccessToken(page);
    let refreshes = 0;
    page.on('request', (sent) => {
      if (sent.url().endsWith('/api/Accounts/refresh')) refreshes += 1;
    });
    await page.goto('/account-settings');

    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    expect(refreshes).toBe(1);
    expect(await stored(page, 'sessionStorage', 'jwtToken')).not.toContain('spoilt');
    expect(await stored(page, 'sessionStorage', 'refreshToken')).not.toBe(refreshTokenBefore);
  });

  await test.step('change the password, then log in with the new one', async () => {
    const change = page.getByRole('form', { name: 'Change password' });
    await change.getByLabel('Current password', { exact: true }).fill(PASSWORD);
    await change.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await change.getByLabel('Repeat the new password', { exact: true }).fill(NEW_PASSWORD);
    await change.getByRole('button', { name: 'Change password' }).click();
    await expect(snackbar(page)).toBeVisible();
    await expect(change.getByLabel('Current password', { exact: true })).toHaveValue('');

    await page.getByRole('banner').getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Artshop' })).toBeVisible();
    await logIn(page, email, NEW_PASSWORD);
  });

  await test.step('a refresh token used again after the grace revokes the session: the customer is logged out', async () => {
    const stolen = await stored(page, 'sessionStorage', 'refreshToken');
    // Someone else renews with the same token first; the stored one is then a rotated token.
    const renewal = await request.post('/api/Accounts/refresh', { data: { refreshToken: stolen } });
    expect(renewal.ok()).toBe(true);
    // Within the grace (1 s here) the same token is answered the same successor, as for a second
    // tab; presented again past it, it revokes the whole login.
    await expect
      .poll(async () => {
        const replay = await request.post('/api/Accounts/refresh', {
          data: { refreshToken: stolen },
        });
        return replay.status();
      })
      .toBe(400);

    await spoilAccessToken(page);
    await page.goto('/account-settings');

    await expect(page).toHaveURL(
      /\/not-logged-in\?reason=You(\+|%20)were(\+|%20)logged(\+|%20)out$/,
    );
    await expect(page.getByText('You were logged out')).toBeVisible();
    expect(await stored(page, 'sessionStorage', 'jwtToken')).toBeNull();
    expect(await stored(page, 'sessionStorage', 'refreshToken')).toBeNull();
  });
});
