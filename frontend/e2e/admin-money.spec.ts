import { expect, test } from '@playwright/test';
import { expectAccessible, openBackOfficeScreen, setUpStaffAccount } from './support/backOffice';
import { addSmallestSize, payByCard, type AddedPicture } from './support/buying';
import { signUpAndLogIn, uniqueEmail } from './support/customers';
import { registerCustomer, stored, waitForCatalogue } from './support/shop';
import { addStaffFromTheCommandLine } from './support/staff';

/**
 * Money in the back office against the real server and its sandbox provider: a customer pays a
 * picture by card; an owner made on the command line finds the order by the customer's e-mail
 * and refunds it entirely, the sandbox's refund webhook confirms it, and the customer's order
 * history says Refunded and the picture no longer downloads; the owner credits another customer's
 * balance; the audit trail holds both. Axe checks every new screen and dialog on the way.
 */

test.beforeAll(async ({ request }) => {
  test.setTimeout(300_000);
  await waitForCatalogue(request, 'Watercolor');
});

/** "12.50" of 1250 cents, in whole numbers. */
const euros = (cents: number) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

interface OrderJson {
  refunds: { status: string }[];
}

test('an owner refunds a card payment entirely and credits a balance; the audit trail holds both', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(240_000);
  // The customer shops in a browser of their own; `page` is the owner's.
  const shopperContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const shopper = await shopperContext.newPage();
  const customer = uniqueEmail();
  let picture: AddedPicture | undefined;
  let orderId = 0;

  await test.step('a customer buys a picture, paying by card through the sandbox', async () => {
    await signUpAndLogIn(shopper, customer);
    picture = await addSmallestSize(shopper, 0);
    orderId = await payByCard(shopper);
    expect(orderId).toBeGreaterThan(0);
    await shopper.goto('/artworks');
    await expect(shopper.getByRole('article', { name: picture.title })).toBeVisible();
  });

  await test.step('an owner made on the command line sets up the second factor', async () => {
    await setUpStaffAccount(page, addStaffFromTheCommandLine(uniqueEmail(), 'owner'));
    await openBackOfficeScreen(page, 'Gift cards');
    await expectAccessible(page, 'the gift card list');
  });

  await test.step("the owner finds the order by the customer's e-mail", async () => {
    await openBackOfficeScreen(page, 'Orders');
    await page.getByLabel('Customer e-mail').fill(customer);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]Email=${encodeURIComponent(customer)}`));
    const rows = page.getByRole('table', { name: 'Orders' }).getByRole('row');
    // The header and the one order.
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText('Paid');
    await expect(rows.nth(1)).toContainText('Sandbox');
    await expectAccessible(page, 'the order list');
    await page.getByRole('link', { name: `Order ${orderId}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Order ${orderId}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Customer' })).toContainText(customer);
    await expectAccessible(page, 'the order page');
  });

  const reason = 'The picture was not what the customer wanted';
  await test.step('refunds everything with a reason, after a confirmation naming the amount', async () => {
    if (picture === undefined) throw new Error('Nothing was bought');
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Refund order ${orderId}` });
    await dialog.getByRole('button', { name: 'Refund everything' }).click();
    await expect(dialog.getByRole('status')).toHaveText(`Ticked: ${euros(picture.priceCents)} EUR`);
    await dialog.getByLabel('Reason').fill(reason);
    await expectAccessible(page, 'the refund dialog');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(
      dialog.getByText(`Refund ${euros(picture.priceCents)} EUR to the card paid through sandbox.`),
    ).toBeVisible();
    await expectAccessible(page, "the refund's confirmation");
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('region', { name: 'Refunds' }).getByRole('row', { name: new RegExp(reason) }),
    ).toBeVisible();
  });

  await test.step("the sandbox's refund webhook arrives: the refund succeeds", async () => {
    const token = await stored(page, 'sessionStorage', 'staff-session');
    await expect
      .poll(
        async () => {
          const answer = await request.get(`/api/admin/orders/${orderId}`, {
            headers: { Authorization: `Bearer ${token ?? ''}` },
          });
          return ((await answer.json()) as OrderJson).refunds.map((refund) => refund.status);
        },
        { timeout: 30_000 },
      )
      .toEqual(['succeeded']);
    await page.reload();
    const refund = page
      .getByRole('region', { name: 'Refunds' })
      .getByRole('row', { name: new RegExp(reason) });
    await expect(refund.getByRole('cell').last()).toHaveText('Succeeded');
    await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Paid · Refunded');
  });

  await test.step('the customer sees Refunded, and the picture no longer downloads', async () => {
    if (picture === undefined) throw new Error('Nothing was bought');
    await shopper.goto('/order-history');
    const order = shopper.getByRole('article', { name: `Order #${orderId}` });
    await expect(order.getByText('Refunded', { exact: true })).toBeVisible();
    await shopper.goto('/artworks');
    await expect(shopper.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(shopper.getByRole('article', { name: picture.title })).toHaveCount(0);
    await expect(shopper.getByRole('button', { name: /^Download/ })).toHaveCount(0);
  });

  const other = await registerCustomer(request);
  await test.step("the owner credits another customer's balance 5.00 EUR", async () => {
    await openBackOfficeScreen(page, 'Customers');
    await page.getByLabel('Search').fill(other);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByRole('link', { name: other }).click();
    await expect(page.getByRole('heading', { level: 1, name: other })).toBeVisible();
    await expectAccessible(page, 'the customer page');
    await page.getByRole('button', { name: 'Adjust balance' }).click();
    const dialog = page.getByRole('dialog', { name: `Adjust the balance of ${other}` });
    await dialog.getByLabel('Amount (EUR)').fill('5.00');
    await dialog.getByLabel('Reason').fill('Sorry for the slow download');
    await expectAccessible(page, 'the adjustment dialog');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(
      dialog.getByText(`Credit 5.00 EUR to ${other}: the balance becomes 5.00 EUR.`),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Credit' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: 'Profile' })).toContainText('€5.00');
    await expect(
      page
        .getByRole('region', { name: 'Balance' })
        .getByRole('row', { name: /Adjustment: Sorry for the slow download/ }),
    ).toBeVisible();
  });

  await test.step('the audit trail, filtered by action, holds the refund and the adjustment', async () => {
    await openBackOfficeScreen(page, 'Audit trail');
    for (const action of ['order.refund', 'customer.adjustment']) {
      await page.getByLabel('Action').selectOption(action);
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await expect(page).toHaveURL(new RegExp(`[?&]Action=${action}`));
      const trail = page.getByRole('table');
      await expect(trail.getByRole('cell', { name: action, exact: true }).first()).toBeVisible();
    }
  });

  await shopperContext.close();
});
