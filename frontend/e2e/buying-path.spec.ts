import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { PASSWORD, signUp, signUpAndLogIn, uniqueEmail } from './support/customers';
import {
  fillPayer,
  logIn,
  registerCustomer,
  rejectOptionalCookies,
  snackbar,
  waitForCatalogue,
} from './support/shop';

/**
 * The way from the gallery to a paid order as a new shopper meets it, on a laptop and on a phone:
 * nothing on the way loses the cart, a typed field or the visitor's trust.
 */

const VIEWPORTS = [
  { name: 'laptop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const CHEAP_WATERCOLORS = '/gallery?style=Watercolor&sort=LowToHigh';
const AGREEMENT = 'I agree to the privacy policy and the terms and conditions';

test.beforeAll(async ({ request }) => {
  test.setTimeout(300_000);
  await waitForCatalogue(request);
});

test.beforeEach(({ page }) => rejectOptionalCookies(page));

/** Opens the cheapest watercolour and adds its smallest size to the cart; answers its title. */
async function addAPicture(page: Page): Promise<string> {
  await page.goto(CHEAP_WATERCOLORS);
  const card = page.getByRole('region', { name: 'Pictures' }).getByRole('article').first();
  const title = (await card.getByRole('heading').textContent()) ?? '';
  await card.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('radiogroup').locator('label').first().click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(snackbar(page)).toContainText('was added to your cart.');
  return title;
}

const cartLink = (page: Page, label: string) =>
  page.getByRole('banner').getByRole('link', { name: label, exact: true });

/** The whole of a kit field: its box with the label on its border. */
const fieldBox = (field: Locator) =>
  field.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " field ")][1]');

async function headerBottom(page: Page): Promise<number> {
  const box = await page.getByRole('banner').boundingBox();
  if (box === null) throw new Error('The header is not shown');
  return box.y + box.height;
}

const checkoutForm = (page: Page) => page.getByRole('form', { name: 'Checkout' });

/** A new customer (no names, no address, no balance) at the checkout of one picture. */
async function checkOutAsNewCustomer(page: Page, request: APIRequestContext) {
  await logIn(page, await registerCustomer(request));
  await addAPicture(page);
  await page.goto('/cart');
}

for (const viewport of VIEWPORTS) {
  test.describe(`on a ${viewport.name} (${viewport.width}x${viewport.height})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a visitor opening the cart is asked to log in, keeps the cart and comes back to it', async ({
      page,
      request,
    }) => {
      const email = await registerCustomer(request);
      const title = await addAPicture(page);
      await cartLink(page, 'Cart, 1 item').click();

      await expect(
        page.getByRole('heading', { level: 1, name: 'Log in to see your cart and check out.' }),
      ).toBeVisible();
      await expect(page.getByText('Your cart is kept: 1 picture.')).toBeVisible();
      await expect(page.getByText('Page Not Found')).toHaveCount(0);
      await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
      await page.getByLabel('E-mail', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();

      await expect(page).toHaveURL(/\/cart$/);
      await expect(page.getByRole('list', { name: 'Cart items' })).toContainText(title);

      // Unknown addresses still answer as missing pages.
      await page.goto('/no-such-page');
      await expect(page.getByText('Page not found: /no-such-page')).toBeVisible();
    });

    test('a field a refused form focuses shows whole below the sticky header', async ({
      page,
      request,
    }) => {
      await checkOutAsNewCustomer(page, request);
      const form = checkoutForm(page);
      await form.getByRole('checkbox', { name: AGREEMENT }).check();
      await form.getByRole('button', { name: 'Place order' }).scrollIntoViewIfNeeded();
      await form.getByRole('button', { name: 'Place order' }).click();

      // A new account has no names: the server refuses them and the form focuses the first.
      const firstName = form.getByLabel('First name', { exact: true });
      await expect(firstName).toBeFocused();
      const box = await fieldBox(firstName).boundingBox();
      expect(box?.y).toBeGreaterThanOrEqual(await headerBottom(page));
    });

    test('paying from a balance that does not cover the order cannot be switched on, and says why', async ({
      page,
      request,
    }) => {
      await checkOutAsNewCustomer(page, request);

      const payByBalance = page.getByRole('switch', { name: 'Pay from my balance' });
      await expect(payByBalance).toBeDisabled();
      await expect(payByBalance).toHaveAccessibleDescription(
        'Your balance: €0.00. It does not cover this order, so you pay by card.',
      );
      await expect(page.getByText('Your balance: €0.00.')).toBeVisible();
    });

    test('the checkout offers to save a new address, and the next checkout starts from it', async ({
      page,
      request,
    }) => {
      await checkOutAsNewCustomer(page, request);
      const form = checkoutForm(page);
      const save = form.getByRole('checkbox', { name: 'Save as my billing information' });
      await expect(save).toHaveCount(0);
      await fillPayer(form, page);
      await save.check();
      await form.getByRole('checkbox', { name: AGREEMENT }).check();
      await form.getByRole('button', { name: 'Place order' }).click();
      await expect(page).toHaveURL(/\/payments\/sandbox\/checkout\?session=/);
      await page.goBack();

      await page.goto('/balance');
      const deposit = page.getByRole('form', { name: 'Top up your balance' });
      await expect(deposit.getByLabel('City', { exact: true })).toHaveValue('Oslo');
      await expect(deposit.getByRole('combobox', { name: 'Country' })).toHaveValue('Norway');
      await expect(deposit.getByLabel('ZIP or postal code', { exact: true })).toHaveValue('0154');
      await expect(
        deposit.getByRole('checkbox', { name: 'Save as my billing information' }),
      ).toHaveCount(0);
      await page.goto('/billing-information');
      await expect(page.getByLabel('Address', { exact: true })).toHaveValue('Karl Johans gate 1');
    });

    test('changing the currency with a filled cart asks first', async ({ page }) => {
      await addAPicture(page);
      const currency = page.getByRole('banner').getByRole('combobox', { name: 'Currency' });

      await currency.selectOption('USD');
      const dialog = page.getByRole('dialog', { name: 'Show prices in USD?' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Keep EUR' }).click();
      await expect(dialog).toBeHidden();
      await expect(currency).toHaveValue('EUR');
      await expect(cartLink(page, 'Cart, 1 item')).toBeVisible();

      await currency.selectOption('USD');
      await dialog.getByRole('button', { name: 'Change and empty the cart' }).click();
      await expect(currency).toHaveValue('USD');
      await expect(cartLink(page, 'Cart')).toBeVisible();
    });

    test('the forms speak the shop’s words, and only the current message shows', async ({
      page,
    }) => {
      await signUp(page, uniqueEmail());
      await expect(page.getByText('Your account has been created.')).toBeVisible();
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page.getByRole('alert')).toHaveCount(1);
      await expect(page.getByText('Your account has been created.')).toHaveCount(0);

      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Welcome to Artshop' }),
      ).toBeVisible();

      // Generating: an empty prompt is checked in the form, in its own words.
      let generationsSent = 0;
      page.on('request', (sent) => {
        if (sent.method() === 'POST' && sent.url().endsWith('/api/generated-images')) {
          generationsSent += 1;
        }
      });
      await page.goto('/generate');
      await page.getByRole('button', { name: 'Generate' }).click();
      await expect(page.getByLabel('Prompt')).toHaveAccessibleDescription(
        /Describe the picture you want: a few words are enough\./,
      );
      await expect(page.getByText(/prompt must be/)).toHaveCount(0);
      expect(generationsSent).toBe(0);

      // The agreement's message names what its checkbox names.
      await addAPicture(page);
      await page.goto('/cart');
      await checkoutForm(page).getByRole('button', { name: 'Place order' }).click();
      await expect(
        checkoutForm(page).getByRole('checkbox', { name: AGREEMENT }),
      ).toHaveAccessibleDescription(
        'Please agree to the privacy policy and the terms and conditions.',
      );
      await expect(page.getByText(/terms of service/)).toHaveCount(0);
    });

    test('a gift card bought alone, and a payment cancelled, are told as they are', async ({
      page,
    }) => {
      // Two orders, one of them followed until the payment provider's webhook arrives.
      test.setTimeout(90_000);
      await signUpAndLogIn(page, uniqueEmail());
      await page.goto('/balance');
      const giftCard = page.getByRole('form', { name: 'Buy a gift card' });
      await giftCard.getByLabel('Gift card amount (EUR)').fill('25');
      await giftCard.getByRole('button', { name: 'Add gift card to cart' }).click();
      await page.goto('/cart');
      await fillPayer(checkoutForm(page), page);
      await checkoutForm(page).getByRole('checkbox', { name: AGREEMENT }).check();
      await checkoutForm(page).getByRole('button', { name: 'Place order' }).click();
      await page.getByRole('button', { name: 'Pay' }).click();

      await expect(page.getByText('Payment received')).toBeVisible({ timeout: 30_000 });
      await expect(
        page.getByText('Thank you! The gift card number is in the order below, ready to give.'),
      ).toBeVisible();
      await expect(page.getByText(/under Artworks/)).toHaveCount(0);

      // A second gift card, whose payment is cancelled on the provider's page.
      await page.goto('/balance');
      await giftCard.getByLabel('Gift card amount (EUR)').fill('30');
      await giftCard.getByRole('button', { name: 'Add gift card to cart' }).click();
      await page.goto('/cart');
      await fillPayer(checkoutForm(page), page);
      await checkoutForm(page).getByRole('checkbox', { name: AGREEMENT }).check();
      await checkoutForm(page).getByRole('button', { name: 'Place order' }).click();
      await page.getByRole('button', { name: 'Cancel' }).click();

      await expect(page.getByText('Payment cancelled')).toBeVisible();
      const order = page.locator('article[aria-current="true"]');
      await expect(order.getByText('Not paid yet', { exact: true })).toBeVisible();
      await expect(order.getByText('Pending', { exact: true })).toHaveCount(0);
      const contrast = await new AxeBuilder({ page })
        .include('article[aria-current="true"]')
        .withRules(['color-contrast'])
        .analyze();
      expect(contrast.violations).toEqual([]);
    });

    test('a password typed while the log-in page loads after signing up is kept', async ({
      page,
    }) => {
      // The log-in page's code arrives late, as on a slow connection.
      await page.route(/\/assets\/LoginPage-[^/]*\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await route.continue();
      });
      await signUpAndLogIn(page, uniqueEmail());
    });

    test('the gallery shows pictures on the first screen, with the filters a tap away', async ({
      page,
    }) => {
      await page.goto('/gallery');
      const first = page.getByRole('region', { name: 'Pictures' }).getByRole('article').first();
      await expect(first).toBeVisible();
      const top = (await first.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
      expect(top).toBeLessThan(viewport.height);
      await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeVisible();

      if (viewport.name === 'phone') {
        await expect(page.getByRole('combobox', { name: 'Orientation' })).toBeHidden();
        await page.getByRole('button', { name: 'Filters' }).click();
        const sheet = page.getByRole('dialog', { name: 'Filters' });
        await sheet.getByRole('combobox', { name: 'Orientation' }).selectOption('Square');
        await sheet.getByRole('button', { name: 'Close' }).click();
      } else {
        await page.getByRole('combobox', { name: 'Orientation' }).selectOption('Square');
      }
      await expect(page).toHaveURL(/orientation=Square/);

      if (viewport.name === 'phone') {
        const chips = page.getByRole('list', { name: 'Filters in effect' });
        await expect(chips).toContainText('Orientation: Square');
        await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
        await chips.getByRole('button', { name: 'Remove Orientation: Square' }).click();
        await expect(page).not.toHaveURL(/orientation=/);
        await expect(chips).toHaveCount(0);
      }
    });

    test('an error thrown outside rendering leads to the error page; a handled one does not', async ({
      page,
    }) => {
      await page.goto('/gallery');
      await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible();
      // An API error nobody awaited: the page that made the call shows it, nothing else happens.
      await page.evaluate(`void Promise.reject({
        status: 500, message: 'An unexpected server error occurred.', fieldErrors: {}, generalMessages: [],
      })`);
      await page.evaluate(`setTimeout(() => { throw new Error('A click handler broke'); })`);
      await expect(page).toHaveURL(/\/error$/);
      await expect(
        page.getByRole('heading', {
          name: 'Something went wrong on our side. Please try again in a moment.',
        }),
      ).toBeVisible();
    });

    test('a failing part of a page says so in its place, with Try again, and the header stays', async ({
      page,
      request,
    }) => {
      await logIn(page, await registerCustomer(request));
      let broken = true;
      await page.route('**/api/generated-images/allowance', (route) =>
        broken ? route.fulfill({ json: {} }) : route.continue(),
      );
      await page.goto('/generate');
      await expect(page.getByText('What it costs could not be shown.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Generate' })).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page).toHaveURL(/\/generate$/);

      // A page whose answer it cannot read: its own message, the header kept.
      await page.route('**/api/orders?**', (route) => route.fulfill({ json: { items: 'none' } }));
      await page.goto('/order-history');
      await expect(
        page.getByRole('heading', { level: 1, name: 'This page could not be shown' }),
      ).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: 'Artshop' })).toBeVisible();
      await expect(page).toHaveURL(/\/order-history$/);
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();

      broken = false;
      await page.goto('/generate');
      await expect(page.getByText('What it costs could not be shown.')).toHaveCount(0);
    });

    test('breadcrumbs stand above the title on every page; an unknown category is asked for once', async ({
      page,
    }) => {
      await page.goto(CHEAP_WATERCOLORS);
      await page
        .getByRole('region', { name: 'Pictures' })
        .getByRole('article')
        .first()
        .getByRole('link')
        .click();
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
      const above = async () => {
        const trail = await crumbs.boundingBox();
        const title = await page.getByRole('heading', { level: 1 }).boundingBox();
        return (trail?.y ?? Infinity) < (title?.y ?? -Infinity);
      };
      await expect(crumbs).toBeVisible();
      expect(await above()).toBe(true);
      await crumbs.getByRole('link').nth(1).click();
      await expect(page).toHaveURL(/\/gallery\/[^/?]+$/);
      await expect(crumbs).toBeVisible();
      expect(await above()).toBe(true);

      let asked = 0;
      page.on('request', (sent) => {
        if (new URL(sent.url()).searchParams.get('Category') === 'no-such-category') asked += 1;
      });
      await page.goto('/gallery/no-such-category');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Category not found' }),
      ).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(asked).toBe(1);
    });

    test('the not-logged-in page is laid out like the not-found page', async ({ page }) => {
      await page.goto('/not-logged-in?reason=You%20were%20logged%20out');
      const heading = page.getByRole('heading', { level: 1, name: 'You were logged out' });
      await expect(heading).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Log in' })).toBeVisible();
      const reasonBox = await heading.boundingBox();
      await page.goto('/no-such-page');
      const notFound = page.getByRole('heading', {
        level: 1,
        name: 'Page not found: /no-such-page',
      });
      await expect(notFound).toBeVisible();
      const notFoundBox = await notFound.boundingBox();
      // Both centred in the same column.
      expect(Math.round((reasonBox?.x ?? 0) + (reasonBox?.width ?? 0) / 2)).toBe(
        Math.round((notFoundBox?.x ?? 1) + (notFoundBox?.width ?? 0) / 2),
      );
    });
  });
}
