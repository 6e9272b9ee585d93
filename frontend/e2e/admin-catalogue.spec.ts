import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import {
  expectAccessible,
  inviteStaffMember,
  openBackOfficeScreen,
  setUpStaffAccount,
} from './support/backOffice';
import { euroCents, payByCard } from './support/buying';
import { signUpAndLogIn, uniqueEmail } from './support/customers';
import { jpegSize, solidPng } from './support/files';
import { snackbar, waitForCatalogue } from './support/shop';
import { addStaffFromTheCommandLine } from './support/staff';

/**
 * The back office's catalogue end to end on the real server: an owner made on the command line
 * invites a member with the catalogue role, who sets up the second factor, uploads a PNG made here,
 * prices it and publishes it; a customer finds it in the gallery by its title and buys it by card
 * through the sandbox; the member hides it, and it leaves the gallery while its buyer still
 * downloads it from the artworks page. Axe checks the catalogue's screens on the way.
 */

test.beforeAll(async ({ request }) => {
  test.setTimeout(300_000);
  // The seeding makes the categories an upload names, and the gallery's first pictures.
  await waitForCatalogue(request);
});

/** The gallery's search for `title`, applied on Enter as a customer does. */
async function searchGallery(page: Page, title: string) {
  await page.goto('/gallery');
  await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(title);
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
  await expect(page).toHaveURL(/[?&]q=/);
}

/** The gallery's cards titled `title`. */
const cardsTitled = (page: Page, title: string) =>
  page
    .getByRole('region', { name: 'Pictures' })
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test('catalogue staff upload, price and publish a picture a customer buys; hidden, it still downloads', async ({
  browser,
  page,
}) => {
  test.setTimeout(240_000);
  const baseURL = test.info().project.use.baseURL;
  // The owner uses `page`; the catalogue member and the customer each a browser of their own.
  const staffContext = await browser.newContext({ baseURL });
  const staff = await staffContext.newPage();
  const shopperContext = await browser.newContext({ baseURL });
  const shopper = await shopperContext.newPage();
  // Unique per run, so the urlName made from it is free and the search finds this picture alone.
  const title = `Harbour Lanterns ${Math.random().toString(36).slice(2, 8)}`;
  const price = '24.50';
  let offerPath = '';

  await test.step('an owner made on the command line invites a catalogue member', async () => {
    await setUpStaffAccount(page, addStaffFromTheCommandLine(uniqueEmail(), 'owner'));
    const setupPath = await inviteStaffMember(page, uniqueEmail(), 'catalogue');
    await setUpStaffAccount(staff, setupPath);
  });

  await test.step('the member uploads a PNG of 800 x 600 pixels: a hidden draft', async () => {
    await openBackOfficeScreen(staff, 'Catalogue');
    await expectAccessible(staff, 'the catalogue');
    await staff.getByRole('link', { name: 'Upload a picture' }).click();
    await expect(staff.getByRole('heading', { level: 1, name: 'Upload a picture' })).toBeVisible();
    await staff.getByLabel('Picture (JPEG, PNG or WebP, up to 25 MB)').setInputFiles({
      name: 'harbour-lanterns.png',
      mimeType: 'image/png',
      buffer: solidPng(800, 600, [40, 110, 180]),
    });
    await staff.getByLabel('Title').fill(title);
    await staff.getByLabel('Category').fill('landscapes');
    await staff.getByLabel('Style').selectOption('Watercolor');
    await staff.getByRole('button', { name: 'Upload' }).click();
    await expect(staff.getByRole('heading', { level: 1, name: title })).toBeVisible({
      timeout: 30_000,
    });
    await expect(staff).toHaveURL(/\/admin\/offers\/\d+$/);
    offerPath = new URL(staff.url()).pathname;
    await expect(staff.getByText('State:')).toContainText('Hidden');
    await expect(staff.getByText('State:')).toContainText('800 × 600 px');
    await expectAccessible(staff, 'the offer page');
  });

  await test.step('a draft is not in the gallery', async () => {
    await searchGallery(shopper, title);
    await expect(shopper.getByText('No pictures match')).toBeVisible();
    await expect(cardsTitled(shopper, title)).toHaveCount(0);
  });

  let sizeName = '';
  await test.step(`the member prices the first size at ${price} EUR and publishes it`, async () => {
    const firstSize = staff
      .getByRole('table', { name: 'Prices per size and licence' })
      .getByRole('row')
      .nth(1);
    sizeName = (await firstSize.getByRole('rowheader').textContent()) ?? '';
    await firstSize.getByRole('textbox').fill(price);
    await staff.getByRole('button', { name: 'Save' }).click();
    await expect(staff.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await staff.getByRole('button', { name: 'Publish' }).click();
    const dialog = staff.getByRole('dialog', { name: `Publish ${title}?` });
    await expectAccessible(staff, 'the publish question');
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(dialog).toBeHidden();
    await expect(staff.getByText('State:')).toContainText('Published');
    await expect(staff.getByRole('button', { name: 'Hide' })).toBeVisible();
  });

  await test.step('a customer finds it in the gallery by its title and pays it by card', async () => {
    await signUpAndLogIn(shopper, uniqueEmail());
    await expect(async () => {
      await searchGallery(shopper, title);
      await expect(cardsTitled(shopper, title)).toHaveCount(1, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await cardsTitled(shopper, title).getByRole('link').click();
    await expect(shopper.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const size = shopper.getByRole('radiogroup').locator('label').first();
    await expect(size).toContainText(sizeName);
    expect(euroCents((await size.textContent()) ?? '')).toBe(2450);
    await size.click();
    await shopper.getByRole('button', { name: 'Add to cart' }).click();
    await expect(snackbar(shopper)).toContainText('was added to your cart.');
    expect(await payByCard(shopper)).toBeGreaterThan(0);
  });

  await test.step('the member hides it: it leaves the gallery', async () => {
    await staff.goto(offerPath);
    await staff.getByRole('button', { name: 'Hide' }).click();
    const dialog = staff.getByRole('dialog', { name: `Hide ${title}?` });
    await expect(dialog).toContainText('those who bought it keep their downloads');
    await dialog.getByRole('button', { name: 'Hide' }).click();
    await expect(dialog).toBeHidden();
    await expect(staff.getByText('State:')).toContainText('Hidden');
    await expect(async () => {
      await searchGallery(shopper, title);
      await expect(shopper.getByText('No pictures match')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(cardsTitled(shopper, title)).toHaveCount(0);
  });

  await test.step('its buyer still downloads it from the artworks page', async () => {
    await shopper.goto('/artworks');
    const artwork = shopper.getByRole('article', { name: title });
    const downloading = shopper.waitForEvent('download');
    await artwork.getByRole('button', { name: /^Download/ }).click();
    const download = await downloading;
    const file = await readFile(await download.path());
    // The bought size of the uploaded picture: its full 800 x 600 pixels.
    expect(download.suggestedFilename()).toMatch(/\.jpg$/);
    expect(jpegSize(file)).toEqual({ width: 800, height: 600 });
  });

  await staffContext.close();
  await shopperContext.close();
});
