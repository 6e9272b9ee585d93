import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { signUpAndLogIn, uniqueEmail } from './support/customers';
import { jpegSize } from './support/files';
import {
  addSmallestSize,
  euroCents,
  fillBillingDetails,
  type AddedPicture,
} from './support/buying';
import { snackbar, waitForCatalogue } from './support/shop';

/**
 * Buying against the real server and its built-in sandbox payment provider: a customer orders two
 * pictures and a gift card, pays on the sandbox page, downloads a picture at the bought size; a
 * second customer redeems the gift card and buys a picture from the balance.
 */

const GIFT_CARD_EUROS = '40';
const GIFT_CARD_NUMBER = /^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/;

// The server seeds its catalogue in the background on first start.
test.beforeAll(async ({ request }) => {
  test.setTimeout(300_000);
  await waitForCatalogue(request, 'Watercolor');
});

async function logOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(snackbar(page)).toHaveText('You have been logged out.');
  // The session ends once the home page is rendered; until then /sign-up is refused.
  await expect.poll(() => page.evaluate<unknown>("sessionStorage.getItem('jwtToken')")).toBeNull();
}

test('two customers buy pictures and a gift card, by the payment page and from the balance', async ({
  page,
}) => {
  test.setTimeout(240_000);
  let giftCardNumber = '';
  let bought: AddedPicture[] = [];

  await test.step('the first customer signs up', () => signUpAndLogIn(page, uniqueEmail()));

  await test.step('adds two pictures and a gift card to the cart', async () => {
    bought = [await addSmallestSize(page, 0), await addSmallestSize(page, 1)];
    await page.goto('/balance');
    const giftCard = page.getByRole('form', { name: 'Buy a gift card' });
    await giftCard.getByLabel('Gift card amount (EUR)').fill(GIFT_CARD_EUROS);
    await giftCard.getByRole('button', { name: 'Add gift card to cart' }).click();
    await expect(snackbar(page)).toHaveText('A gift card worth €40.00 was added to your cart.');
    await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();
  });

  await test.step('checks out without the balance and lands on the sandbox payment page', async () => {
    await page.getByRole('link', { name: 'Cart, 3 items' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
    const items = page.getByRole('list', { name: 'Cart items' });
    for (const picture of bought) await expect(items).toContainText(picture.title);
    await expect(items).toContainText('Gift card');
    const totalCents = bought.reduce((sum, picture) => sum + picture.priceCents, 4000);
    const total = await page.getByText(/^Total /).textContent();
    expect(euroCents(total ?? '')).toBe(totalCents);

    await fillBillingDetails(page);
    await expect(page.getByRole('switch', { name: 'Pay from my balance' })).not.toBeChecked();
    await page.getByRole('button', { name: 'Place order' }).click();

    await expect(page).toHaveURL(/\/payments\/sandbox\/checkout\?session=/);
    await expect(page.getByRole('button', { name: 'Pay' })).toBeVisible();
  });

  await test.step('pays; back in the order history the order turns Paid with a gift card number', async () => {
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/order-history\?order=\d+$/);
    // The webhook arrives a moment after the return; the page follows the order until then.
    await expect(page.getByText('Payment received')).toBeVisible({ timeout: 30_000 });
    const order = page.locator('article[aria-current="true"]');
    await expect(order.getByText('Paid', { exact: true })).toBeVisible();
    const number = order.locator('code');
    await expect(number).toHaveText(GIFT_CARD_NUMBER);
    giftCardNumber = (await number.textContent()) ?? '';
    // The bought pictures left the cart, and the gift card left it when the order was placed.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Cart' })).toBeVisible();
  });

  await test.step('downloads a bought picture at exactly the bought size', async () => {
    await page.goto('/artworks');
    const [first] = bought;
    if (first === undefined) throw new Error('Nothing was bought');
    const picture = page.getByRole('article', { name: first.title });
    const downloading = page.waitForEvent('download');
    await picture
      .getByRole('button', { name: /^Download/ })
      .first()
      .click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.jpg$/);
    const file = await readFile(await download.path());
    const { width, height } = jpegSize(file);
    expect(Math.max(width, height)).toBe(first.longEdge);
  });

  await test.step('the first customer logs out', () => logOut(page));

  await test.step('a second customer signs up and redeems the gift card', async () => {
    await signUpAndLogIn(page, uniqueEmail());
    await page.goto('/balance');
    const redeem = page.getByRole('form', { name: 'Redeem a gift card' });
    await redeem.getByLabel('Gift card number').fill(giftCardNumber);
    await redeem.getByRole('button', { name: 'Redeem' }).click();
    await expect(snackbar(page)).toHaveText('€40.00 has been added to your balance.');
    await expect(
      page.getByRole('region', { name: 'Your balance' }).getByText('€40.00', { exact: true }),
    ).toBeVisible();
  });

  await test.step('buys a picture from the balance and sees it Paid', async () => {
    const picture = await addSmallestSize(page, 0);
    expect(picture.priceCents).toBeLessThanOrEqual(4000);
    await page.goto('/cart');
    await fillBillingDetails(page);
    await expect(page.getByText('Your balance: €40.00.')).toBeVisible();
    await page.getByRole('switch', { name: 'Pay from my balance' }).check();
    await page.getByRole('button', { name: 'Place order' }).click();

    await expect(page).toHaveURL(/\/order-history\?order=\d+$/);
    await expect(page.getByText('Payment received')).toBeVisible();
    const order = page.locator('article[aria-current="true"]');
    await expect(order.getByText('Paid', { exact: true })).toBeVisible();
    await expect(order.getByText('Paid from your balance')).toBeVisible();
    await expect(order).toContainText(picture.title);

    await page.goto('/balance');
    const left = 4000 - picture.priceCents;
    const balance = page.getByRole('region', { name: 'Your balance' });
    await expect(balance.getByText(/^€[\d,]+\.\d{2}$/)).toBeVisible();
    expect(euroCents((await balance.getByText(/^€[\d,]+\.\d{2}$/).textContent()) ?? '')).toBe(left);
  });
});
