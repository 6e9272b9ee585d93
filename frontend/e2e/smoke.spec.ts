import { expect, test, type Page } from '@playwright/test';

/** Fails the test on any Content-Security-Policy violation the real server's headers cause. */
function watchForCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      violations.push(message.text());
    }
  });
  return violations;
}

test('the home page shows the hero and the header', async ({ page }) => {
  const cspViolations = watchForCspViolations(page);
  await page.goto('/');

  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Artshop' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse the gallery' })).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Artshop' })).toBeVisible();
  await expect(header.getByRole('combobox', { name: 'Currency' })).toHaveValue('EUR');
  await expect(header.getByRole('button', { name: 'Account' })).toBeVisible();
  await expect(page).toHaveTitle('Artshop');
  expect(cspViolations).toEqual([]);
});

test('the Gallery link in the header opens the gallery', async ({ page }) => {
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Gallery' })
    .click();

  await expect(page).toHaveURL(/\/gallery$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible();
});

test('a signed-out visitor opening /cart is asked to log in', async ({ page }) => {
  await page.goto('/cart');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Log in to see your cart and check out.' }),
  ).toBeVisible();
});

test('an unknown path gets the not-found page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText('Page not found: /no-such-page')).toBeVisible();
});
