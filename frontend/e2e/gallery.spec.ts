import { expect, test, type Locator, type Page, type Response } from '@playwright/test';
import { chooseFilter, withCount } from './support/shop';

/**
 * The catalogue against the real server. Its first start seeds about 130 offers in the background,
 * drawing every picture (two to three minutes on a small machine, with progress in the server log),
 * so the specs wait for the catalogue to fill before they start.
 */

interface OfferJson {
  title: string;
  style: string;
  orientation: string;
  price: { amount: string; currency: string; minorUnits: number };
}

interface OfferPageJson {
  items: OfferJson[];
  total: number;
}

const SEEDED_AT_LEAST = 100;

test.beforeAll(async ({ request }) => {
  test.setTimeout(300_000);
  await expect
    .poll(
      async () => {
        const answer = await request.get('/api/offers?Currency=EUR&PageSize=1');
        return answer.ok() ? ((await answer.json()) as OfferPageJson).total : 0;
      },
      { timeout: 290_000, intervals: [1_000, 2_000, 5_000] },
    )
    .toBeGreaterThanOrEqual(SEEDED_AT_LEAST);
});

function pictures(page: Page): Locator {
  return page.getByRole('region', { name: 'Pictures' });
}

/** The choice a select shows, without the count of pictures the filters add ("Watercolor (12)"). */
function chosen(page: Page, label: string): Locator {
  return page.getByRole('combobox', { name: label }).locator('option:checked');
}

async function chooseCurrency(page: Page, code: string) {
  await page.getByRole('banner').getByRole('combobox', { name: 'Currency' }).selectOption(code);
}

/** The next answer of the offers list whose query matches every given parameter. */
function offersAnswer(page: Page, expected: Record<string, string>): Promise<Response> {
  return page.waitForResponse((response) => {
    const url = new URL(response.url());
    if (url.pathname !== '/api/offers') return false;
    return Object.entries(expected).every(([key, value]) => url.searchParams.get(key) === value);
  });
}

async function offersIn(response: Response): Promise<OfferJson[]> {
  expect(response.status()).toBe(200);
  return ((await response.json()) as OfferPageJson).items;
}

/** The "from" prices on the cards in EUR cents, read from text such as "from €12.30". */
async function cardPricesInCents(page: Page): Promise<number[]> {
  const texts = await pictures(page).getByRole('article').allTextContents();
  return texts.map((text) => {
    const match = /from €([\d,]+)\.(\d{2})/.exec(text);
    if (match === null) throw new Error(`No euro price in "${text}"`);
    return Number((match[1] ?? '').replaceAll(',', '')) * 100 + Number(match[2]);
  });
}

test('filters the gallery by style and orientation, kept in the address', async ({ page }) => {
  await page.goto('/gallery');
  await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible();
  await expect(pictures(page).getByRole('article').first()).toBeVisible();

  const watercolors = offersAnswer(page, { Style: 'Watercolor' });
  await chooseFilter(page, 'Style', 'Watercolor');
  await expect(page).toHaveURL(/\/gallery\?style=Watercolor$/);
  const styled = await offersIn(await watercolors);
  expect(styled.length).toBeGreaterThan(0);
  expect(styled.every((offer) => offer.style === 'Watercolor')).toBe(true);
  await expect(pictures(page).getByRole('article').first()).toContainText('Watercolor');

  const verticals = offersAnswer(page, { Style: 'Watercolor', Orientation: 'Vertical' });
  await chooseFilter(page, 'Orientation', 'Vertical');
  await expect(page).toHaveURL(/orientation=Vertical/);
  const found = await offersIn(await verticals);
  expect(found.every((offer) => offer.orientation === 'Vertical')).toBe(true);
  await expect(pictures(page).getByRole('article')).toHaveCount(found.length);

  // A reload keeps the filters.
  await page.reload();
  await expect(chosen(page, 'Style')).toHaveText(withCount('Watercolor'));
  await expect(chosen(page, 'Orientation')).toHaveText(withCount('Vertical'));
});

test('filters by a price range and sorts by price', async ({ page }) => {
  await page.goto('/gallery');
  await expect(pictures(page).getByRole('article').first()).toBeVisible();

  const inRange = offersAnswer(page, { From: '15', To: '30' });
  await page.getByRole('textbox', { name: 'Price from' }).fill('15');
  await page.getByRole('textbox', { name: 'Price to' }).fill('30');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/from=15&to=30/);
  expect((await offersIn(await inRange)).length).toBeGreaterThan(0);
  for (const cents of await cardPricesInCents(page)) {
    expect(cents).toBeGreaterThanOrEqual(1500);
    expect(cents).toBeLessThanOrEqual(3000);
  }

  const cheapestFirst = offersAnswer(page, { Sort: 'LowToHigh', From: '15' });
  await chooseFilter(page, 'Sort by', 'Price: low to high');
  await expect(page).toHaveURL(/sort=LowToHigh/);
  await cheapestFirst;
  await expect(pictures(page).getByRole('article').first()).toBeVisible();
  const ascending = await cardPricesInCents(page);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

  // An upside-down range is refused in the form, before any call.
  await page.getByRole('textbox', { name: 'Price from' }).fill('40');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('The highest price must not be less than the lowest.')).toBeVisible();
  await expect(page).toHaveURL(/from=15&to=30/);
});

test('opens a picture, shows whole yen after switching to JPY, and adds a size to the cart', async ({
  page,
}) => {
  await page.goto('/gallery');
  const firstCard = pictures(page).getByRole('article').first();
  const title = (await firstCard.getByRole('heading').textContent()) ?? '';
  await firstCard.getByRole('link').click();

  await expect(page).toHaveURL(/\/gallery\/picture\//);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByAltText(title, { exact: true })).toBeVisible();
  const sizes = page.getByRole('radiogroup');
  await expect(sizes.getByRole('radio')).not.toHaveCount(0);
  await expect(sizes).toContainText('€');

  await chooseCurrency(page, 'JPY');
  await expect(sizes).toContainText('¥');
  // Each size's label ends with its price.
  const labels = await sizes.locator('label').allTextContents();
  expect(labels.length).toBeGreaterThan(0);
  for (const label of labels) expect(label).toMatch(/px, .*licence¥\d{1,3}(,\d{3})*$/);

  const chosen = sizes.getByRole('radio').last();
  await chosen.check();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(
    page.getByText(`“${title}”`).filter({ hasText: 'was added to your cart' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  const { origins } = await page.context().storageState();
  const stored = origins
    .flatMap((origin) => origin.localStorage)
    .find((entry) => entry.name === 'cart')?.value;
  const cart = JSON.parse(stored ?? '[]') as {
    title: string;
    attributes: { id: number; price: { currency: string; amount: string } };
  }[];
  expect(cart).toHaveLength(1);
  expect(cart[0]?.title).toBe(title);
  expect(cart[0]?.attributes.id).toEqual(expect.any(Number));
  expect(cart[0]?.attributes.price.currency).toBe('JPY');
  expect(cart[0]?.attributes.price.amount).toMatch(/^\d+$/);
});

test('the gallery in JPY shows whole yen on every card', async ({ page }) => {
  await page.goto('/gallery');
  await expect(pictures(page).getByRole('article').first()).toContainText('€');
  const inYen = offersAnswer(page, { Currency: 'JPY' });
  await chooseCurrency(page, 'JPY');
  await inYen;
  await expect(pictures(page).getByRole('article').first()).toContainText('¥');
  for (const text of await pictures(page).getByRole('article').allTextContents()) {
    expect(text).toMatch(/from ¥\d{1,3}(,\d{3})*$/);
  }
});

test('an unknown picture answers with the friendly not-found page', async ({ page }) => {
  await page.goto('/gallery/picture/no-such-picture');
  await expect(page.getByRole('heading', { level: 1, name: 'Picture not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse the gallery' })).toBeVisible();
});
