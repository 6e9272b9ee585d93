import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { seriousFindings, WCAG_21_AA } from '../src/test/axeFindings';
import { logIn, registerCustomer, waitForCatalogue } from './support/shop';

/**
 * Every screen of SPEC.md section 2, signed out and signed in, checked by axe-core against WCAG
 * 2.1 A and AA: no serious or critical violation.
 */

interface ListJson {
  items: { urlName: string }[];
}

/** Axe's serious and critical findings on the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  return seriousFindings(results.violations);
}

async function expectAccessible(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Lazy parts of a page (lists, prices) settle before axe looks at them.
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page), `axe on ${path}`).toEqual([]);
}

let categoryPath = '';
let picturePath = '';

test.beforeAll(async ({ request }) => {
  test.setTimeout(300_000);
  await waitForCatalogue(request);
  const categories = (await (await request.get('/api/categories')).json()) as ListJson;
  const offers = (await (await request.get('/api/offers/latest?Currency=EUR')).json()) as ListJson;
  categoryPath = `/gallery/${categories.items[0]?.urlName ?? ''}`;
  picturePath = `/gallery/picture/${offers.items[0]?.urlName ?? ''}`;
});

test('every screen a visitor can open has no serious accessibility violation', async ({ page }) => {
  test.setTimeout(180_000);
  const paths = [
    '/',
    '/login',
    '/sign-up',
    '/forgot-password',
    '/reset-password',
    '/gallery',
    categoryPath,
    picturePath,
    '/privacy-policy',
    '/terms-and-conditions',
    '/error',
    '/no-such-page',
    '/contact',
    '/generate',
    '/balance',
    '/not-logged-in?reason=Your%20session%20has%20expired.',
  ];
  for (const path of paths) await test.step(path, () => expectAccessible(page, path));
});

test('the dialogs and the menu have no serious accessibility violation while open', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await page.getByRole('button', { name: 'Choose' }).click();
  await expect(page.getByRole('dialog', { name: 'Cookie settings' })).toBeVisible();
  expect(await seriousViolations(page), 'axe with the cookie settings open').toEqual([]);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  expect(await seriousViolations(page), 'axe with the account menu open').toEqual([]);
  await page.keyboard.press('Escape');

  await page.goto(picturePath);
  await page.getByRole('button', { name: 'Full screen', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await seriousViolations(page), 'axe with the image viewer open').toEqual([]);
});

test('every screen of a signed-in customer has no serious accessibility violation', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await logIn(page, await registerCustomer(request));
  // A gift card in the cart, so that the cart shows its checkout form.
  await page.goto('/balance');
  const giftCard = page.getByRole('form', { name: 'Buy a gift card' });
  await giftCard.getByLabel('Gift card amount (EUR)').fill('25');
  await giftCard.getByRole('button', { name: 'Add gift card to cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  const paths = [
    '/account-settings',
    '/artworks',
    '/billing-information',
    '/cart',
    '/order-history',
    '/balance',
    '/contact',
    '/generate',
    '/',
    '/gallery',
    categoryPath,
    picturePath,
    '/privacy-policy',
    '/terms-and-conditions',
  ];
  for (const path of paths) await test.step(path, () => expectAccessible(page, path));
});
