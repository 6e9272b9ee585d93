// A Chromium profile of a signed-in shopper with one picture in the cart, for Lighthouse to
// measure the cart as a shopper about to buy sees it (bench/lighthouse.sh).
// Usage: node scripts/lighthouse-profile.mjs BASE_URL PICTURE_PATH PROFILE_DIR
import { chromium } from '@playwright/test';

const [base, picture, profile] = process.argv.slice(2);
if (!profile) {
  console.error('usage: lighthouse-profile.mjs BASE_URL PICTURE_PATH PROFILE_DIR');
  process.exit(2);
}
const email = `lighthouse-${Date.now().toString(36)}@example.com`;
const password = 'violet-kite-93-sails';

const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  baseURL: base,
  args: process.getuid?.() === 0 ? ['--no-sandbox'] : [],
});
try {
  const registered = await context.request.post('/api/Accounts/register', {
    data: { email, password, repeatedPassword: password, agreedToPrivacyPolicy: true },
  });
  if (!registered.ok()) throw new Error(`registration failed: ${await registered.text()}`);
  const page = await context.newPage();
  await page.addInitScript(`
    localStorage.setItem('accepted-privacy', 'true');
    localStorage.setItem('granted-consents', '["essential"]');
    localStorage.setItem('rejected-consents', '["preferences","statistics"]');
  `);
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Welcome to Artshop' }).waitFor();
  await page.goto(picture);
  await page.getByRole('radiogroup').locator('label').first().click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('banner').getByRole('link', { name: /Cart/ }).first().waitFor();
  await page.waitForFunction(`(localStorage.getItem('cart') ?? '[]') !== '[]'`);
} finally {
  await context.close();
}
