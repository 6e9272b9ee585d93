import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'violet-kite-93-sails';

/** An address no earlier run has used. */
export function uniqueEmail(): string {
  return `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Fills the sign-up form and sends it; the log-in page follows. */
export async function signUp(page: Page, email: string) {
  await page.goto('/sign-up');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat the password', { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: 'I agree to the privacy policy' }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Creates an account and logs in with it; ends on the home page. */
export async function signUpAndLogIn(page: Page, email: string) {
  await signUp(page, email);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
  // The sign-up form is disabled from the moment the address says /login until the log-in page
  // (its e-mail filled in) replaces it, so the password lands in the log-in form.
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Artshop' })).toBeVisible();
}
