import { expect, test, type Locator, type Page } from '@playwright/test';
import { PASSWORD } from './support/customers';
import { registerCustomer, rejectOptionalCookies, waitForCatalogue } from './support/shop';

/**
 * The shop without a mouse: a customer logs in and checks out with Tab, Shift+Tab, Space, Enter,
 * the arrow keys and typing only; no element is clicked.
 */

/** Runs in the page; typed loosely, because the specs are compiled without the DOM library. */
function hasFocus(element: unknown): boolean {
  return (
    element ===
    (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement
  );
}

/** Presses Tab (or Shift+Tab) until `target` has the focus, failing after `limit` presses. */
async function tabTo(page: Page, target: Locator, { backwards = false, limit = 80 } = {}) {
  // Pressing Tab before the page has drawn the target would walk past it.
  await expect(target).toBeVisible();
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate(hasFocus)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} never got the focus`);
}

async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(300_000);
  await waitForCatalogue(request);
});

test('a customer logs in and pays an order using only the keyboard', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = await registerCustomer(request);
  await rejectOptionalCookies(page);

  await test.step('log in', async () => {
    await page.goto('/login');
    await typeInto(page, page.getByLabel('E-mail', { exact: true }), email);
    await typeInto(page, page.getByLabel('Password', { exact: true }), PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Artshop' })).toBeVisible();
  });

  await test.step('put a gift card into the cart', async () => {
    await page.goto('/balance');
    const giftCard = page.getByRole('form', { name: 'Buy a gift card' });
    await typeInto(page, giftCard.getByLabel('Gift card amount (EUR)'), '25');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  });

  await test.step('go to the cart through the header', async () => {
    await tabTo(page, page.getByRole('link', { name: 'Cart, 1 item' }), { backwards: true });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeFocused();
  });

  await test.step('fill in the checkout form and place the order', async () => {
    const checkout = page.getByRole('form', { name: 'Checkout' });
    await typeInto(page, checkout.getByLabel('First name', { exact: true }), 'Ada');
    await typeInto(page, checkout.getByLabel('Last name', { exact: true }), 'Lovelace');
    await typeInto(page, checkout.getByRole('combobox', { name: 'Country' }), 'Norw');
    await expect(page.getByRole('option', { name: 'Norway' })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(checkout.getByRole('combobox', { name: 'Country' })).toHaveValue('Norway');
    await typeInto(page, checkout.getByLabel('City', { exact: true }), 'Oslo');
    await typeInto(page, checkout.getByLabel('Address', { exact: true }), 'Karl Johans gate 1');
    await typeInto(page, checkout.getByLabel('ZIP or postal code', { exact: true }), '0154');
    const agreement = checkout.getByRole('checkbox', {
      name: 'I agree to the privacy policy and the terms and conditions',
    });
    await tabTo(page, agreement);
    await page.keyboard.press('Space');
    await expect(agreement).toBeChecked();

    await tabTo(page, checkout.getByRole('button', { name: 'Place order' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/payments\/sandbox\/checkout\?session=/);
  });

  await test.step('pay on the sandbox payment page', async () => {
    await tabTo(page, page.getByRole('button', { name: 'Pay' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/order-history\?order=\d+$/);
    await expect(page.getByText('Payment received')).toBeVisible({ timeout: 30_000 });
  });
});
