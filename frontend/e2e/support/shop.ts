import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { PASSWORD, uniqueEmail } from './customers';

/** Helpers the specs share: customers made through the real API, and the shop's usual widgets. */

/** Registers a customer through the API (the form itself is covered by accounts.spec.ts). */
export async function registerCustomer(
  request: APIRequestContext,
  email = uniqueEmail(),
  password = PASSWORD,
): Promise<string> {
  const answer = await request.post('/api/Accounts/register', {
    data: { email, password, repeatedPassword: password, agreedToPrivacyPolicy: true },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return email;
}

export async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Artshop' })).toBeVisible();
}

/** Answers the cookie banner up front, for specs about something else. */
export async function rejectOptionalCookies(page: Page) {
  // A string, because the specs are compiled without the DOM library.
  await page.addInitScript(`
    localStorage.setItem('accepted-privacy', 'true');
    localStorage.setItem('granted-consents', '["essential"]');
    localStorage.setItem('rejected-consents', '["preferences","statistics"]');
  `);
}

/** A value the page keeps in session or local storage. */
export function stored(page: Page, area: 'sessionStorage' | 'localStorage', key: string) {
  // A string, because the specs are compiled without the DOM library.
  return page.evaluate<string | null>(`${area}.getItem(${JSON.stringify(key)})`);
}

/** An option's text, with or without the count of pictures the gallery's filters add. */
export function withCount(label: string): RegExp {
  return new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\(\\d+\\))?$`);
}

/** Picks a choice of one of the gallery's filters (native selects) by its label, whatever its count. */
export async function chooseFilter(page: Page, label: string, option: string) {
  const select = page.getByRole('combobox', { name: label });
  const choice = select
    .locator('option')
    .filter({ hasText: withCount(option) })
    .first();
  await select.selectOption((await choice.getAttribute('value')) ?? '');
}

export const snackbar = (page: Page) => page.locator('.toast-region').getByRole('alert');

interface OfferPageJson {
  total: number;
  items?: { urlName: string; category: string }[];
}

/**
 * The server seeds its catalogue in the background on first start: waits for some offers (of
 * `style`, when given).
 */
export async function waitForCatalogue(request: APIRequestContext, style?: string): Promise<void> {
  const query = style === undefined ? '' : `&Style=${style}`;
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/offers?Currency=EUR${query}&PageSize=1`);
        return answer.ok() ? ((await answer.json()) as OfferPageJson).total : 0;
      },
      { timeout: 290_000, intervals: [1_000, 2_000, 5_000] },
    )
    .toBeGreaterThanOrEqual(3);
}

/** Who pays and their address, as a checkout or a deposit form asks for them. */
export async function fillPayer(form: Locator, page: Page) {
  await form.getByLabel('First name', { exact: true }).fill('Ada');
  await form.getByLabel('Last name', { exact: true }).fill('Lovelace');
  await form.getByRole('combobox', { name: 'Country' }).fill('Norw');
  await page.getByRole('option', { name: 'Norway' }).click();
  await form.getByLabel('City', { exact: true }).fill('Oslo');
  await form.getByLabel('Address', { exact: true }).fill('Karl Johans gate 1');
  await form.getByLabel('ZIP or postal code', { exact: true }).fill('0154');
}
