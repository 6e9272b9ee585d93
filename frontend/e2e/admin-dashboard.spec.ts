import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectAccessible, openBackOfficeScreen, setUpStaffAccount } from './support/backOffice';
import { addSmallestSize, euroCents, payByCard } from './support/buying';
import { signUpAndLogIn, uniqueEmail } from './support/customers';
import { waitForCatalogue } from './support/shop';
import { addStaffFromTheCommandLine } from './support/staff';

/**
 * The dashboard and the orders export against the real server: a customer pays a picture by
 * card; an owner made on the command line opens the dashboard, downloads today's orders as CSV,
 * and the paid orders' totals in the file equal the dashboard's pictures and gift cards of today,
 * both read from the server's own records (the ledger for one, the orders for the other).
 */

test.beforeAll(async ({ request }) => {
  test.setTimeout(300_000);
  await waitForCatalogue(request, 'Watercolor');
});

/** The cells of a CSV record (RFC 4180: quoted fields, doubled quotes). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line.charAt(i);
    if (quoted && c === '"' && line[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (c === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else {
      cell += c;
    }
  }
  cells.push(cell);
  return cells;
}

/** "12.50" as whole cents. */
const cents = (amount: string) => {
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
};

test("an owner downloads today's orders, whose paid totals equal the dashboard's sales of today", async ({
  browser,
  page,
}) => {
  test.setTimeout(240_000);
  const shopperContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const shopper = await shopperContext.newPage();
  let orderId = 0;
  let priceCents = 0;

  await test.step('a customer buys a picture, paying by card through the sandbox', async () => {
    await signUpAndLogIn(shopper, uniqueEmail());
    priceCents = (await addSmallestSize(shopper, 0)).priceCents;
    orderId = await payByCard(shopper);
    expect(orderId).toBeGreaterThan(0);
  });

  let sales = 0;
  await test.step("the owner opens the dashboard: today's sales hold the order", async () => {
    await setUpStaffAccount(page, addStaffFromTheCommandLine(uniqueEmail(), 'owner'));
    await openBackOfficeScreen(page, 'Dashboard');
    const today = async (figure: string) =>
      euroCents(
        (await page
          .getByRole('row', { name: new RegExp(`^${figure}`) })
          .getByRole('cell')
          .first()
          .textContent()) ?? '',
      );
    sales = (await today('Pictures')) + (await today('Gift cards'));
    expect(sales).toBeGreaterThanOrEqual(priceCents);
    await expectAccessible(page, 'the dashboard');
  });

  await test.step("the orders export of today: its paid totals are the dashboard's", async () => {
    const day = new Date().toISOString().slice(0, 10);
    const exports = page.getByRole('region', { name: 'Exports' });
    await exports.getByLabel('From').fill(day);
    await exports.getByLabel('To').fill(day);
    const downloading = page.waitForEvent('download');
    await exports.getByRole('button', { name: 'Download orders (CSV)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`orders-${day}-to-${day}.csv`);
    const text = await readFile(await download.path(), 'utf8');
    const [header = '', ...records] = text.split('\r\n').filter((line) => line !== '');
    const columns = csvCells(header);
    const at = (name: string) => columns.indexOf(name);
    const rows = records.map(csvCells);
    const ours = rows.find((row) => row[at('id')] === String(orderId));
    expect(ours?.[at('status')]).toBe('Paid');
    expect(cents(ours?.[at('total_eur')] ?? '')).toBe(priceCents);
    const paid = rows
      .filter((row) => row[at('status')] === 'Paid')
      .reduce((sum, row) => sum + cents(row[at('total_eur')] ?? '0'), 0);
    expect(paid).toBe(sales);
  });

  await shopperContext.close();
});
