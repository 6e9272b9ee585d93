import { expect, type Page } from '@playwright/test';
import { fillPayer, snackbar } from './shop';

/** Helpers of the specs that buy: a picture into the cart, the checkout's billing details. */

/**
 * Cheap regular (not exclusive) offers first: every size of them can be bought by anyone
 * (`waitForCatalogue(request, 'Watercolor')` waits for them).
 */
const CHEAP_WATERCOLORS = '/gallery?style=Watercolor&sort=LowToHigh';

/** "€12.30" or "€1,234.50" as whole cents: money is never a floating-point number here. */
export function euroCents(text: string): number {
  const match = /€([\d,]+)\.(\d{2})/.exec(text);
  if (match === null) throw new Error(`No euro amount in "${text}"`);
  return Number((match[1] ?? '').replaceAll(',', '')) * 100 + Number(match[2]);
}

export interface AddedPicture {
  title: string;
  longEdge: number;
  priceCents: number;
}

/** Opens the gallery's card number `index` and adds its first (smallest) size to the cart. */
export async function addSmallestSize(page: Page, index: number): Promise<AddedPicture> {
  await page.goto(CHEAP_WATERCOLORS);
  const card = page.getByRole('region', { name: 'Pictures' }).getByRole('article').nth(index);
  const title = (await card.getByRole('heading').textContent()) ?? '';
  await card.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  const size = page.getByRole('radiogroup').locator('label').first();
  const label = (await size.textContent()) ?? '';
  const longEdge = Number(/([\d,]+) px/.exec(label)?.[1]?.replaceAll(',', '') ?? Number.NaN);
  expect(longEdge).toBeGreaterThan(0);
  await size.click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(snackbar(page)).toContainText('was added to your cart.');
  return { title, longEdge, priceCents: euroCents(label) };
}

/** A new account has no billing address yet: the checkout asks for it. */
export async function fillBillingDetails(page: Page) {
  const checkout = page.getByRole('form', { name: 'Checkout' });
  await fillPayer(checkout, page);
  await checkout
    .getByRole('checkbox', { name: 'I agree to the privacy policy and the terms and conditions' })
    .check();
}

/** Pays the cart by card on the sandbox page; answers the order's id. */
export async function payByCard(shopper: Page): Promise<number> {
  await shopper.goto('/cart');
  await fillBillingDetails(shopper);
  await expect(shopper.getByRole('switch', { name: 'Pay from my balance' })).not.toBeChecked();
  await shopper.getByRole('button', { name: 'Place order' }).click();
  await expect(shopper).toHaveURL(/\/payments\/sandbox\/checkout\?session=/);
  await shopper.getByRole('button', { name: 'Pay' }).click();
  await expect(shopper).toHaveURL(/\/order-history\?order=\d+$/);
  await expect(shopper.getByText('Payment received')).toBeVisible({ timeout: 30_000 });
  return Number(/order=(\d+)$/.exec(shopper.url())?.[1]);
}
