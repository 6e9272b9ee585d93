import { expect, test, type Page } from '@playwright/test';
import { chooseFilter, rejectOptionalCookies, waitForCatalogue, withCount } from './support/shop';

/**
 * Search against the real server and its seeded catalogue: a visitor types "owl blu" in the
 * header's search, sees a title with Owl and Blue among the suggestions, searches, narrows the
 * results with a facet (its count in the filter) and opens the picture. No title is written here:
 * the spec reads what the seeded catalogue suggests.
 */

test.beforeAll(async ({ request }) => {
  test.setTimeout(300_000);
  await waitForCatalogue(request);
});

test.beforeEach(async ({ page }) => {
  await rejectOptionalCookies(page);
});

const OWL_AND_BLUE = (text: string) => /owl/i.test(text) && /blu/i.test(text);

const searchField = (page: Page) =>
  page.getByRole('banner').getByRole('combobox', { name: 'Search pictures' });

const pictures = (page: Page) => page.getByRole('region', { name: 'Pictures' });

test('a visitor types "owl blu", searches, narrows with a facet and opens the picture', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const suggested = page.waitForResponse((response) =>
    new URL(response.url()).pathname.endsWith('/api/offers/suggest'),
  );
  await searchField(page).fill('owl blu');
  expect((await suggested).status()).toBe(200);

  // Titles first, with their price; the one with Owl and Blue in it is among them.
  const list = page.getByRole('listbox', { name: 'Search pictures' });
  await expect(list).toBeVisible();
  await expect(searchField(page)).toHaveAttribute('aria-expanded', 'true');
  const options = await list.getByRole('option').allTextContents();
  const title = options.find(OWL_AND_BLUE);
  expect(title, `a suggestion with Owl and Blue among ${JSON.stringify(options)}`).toBeDefined();
  const pictureTitle = (title ?? '').replace(/\s*[€$£¥].*$/, '');

  // The arrow keys reach it; Enter on the text itself searches the gallery.
  await searchField(page).press('ArrowDown');
  await expect(searchField(page)).toHaveAttribute('aria-activedescendant', /.+/);
  await searchField(page).press('Escape');
  await expect(list).toBeHidden();
  await searchField(page).press('Enter');
  await expect(page).toHaveURL(/\/gallery\?q=owl\+blu$/);
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('Relevance');

  const card = pictures(page)
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: pictureTitle, exact: true }) });
  await expect(card).toBeVisible();
  // The words the search matched are marked in its title.
  await expect(card.locator('h3 mark').first()).toBeVisible();

  // Narrow by the picture's own style: the filter shows how many pictures that leaves.
  const styleLabel = (await card.locator('p').first().textContent()) ?? '';
  const styles = page.getByRole('combobox', { name: 'Style' });
  const styleChoice = styles.locator('option').filter({ hasText: withCount(styleLabel) });
  await expect(styleChoice).toHaveText(/\(\d+\)$/);
  const count = Number(/\((\d+)\)$/.exec((await styleChoice.textContent()) ?? '')?.[1]);
  expect(count).toBeGreaterThanOrEqual(1);
  await chooseFilter(page, 'Style', styleLabel);
  await expect(page).toHaveURL(/style=\w+.*q=owl\+blu/);
  await expect(pictures(page).getByRole('status')).toHaveText(
    count === 1 ? '1 picture' : `${count} pictures`,
  );

  await card.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: pictureTitle })).toBeVisible();
});

test('a title picked among the suggestions opens its picture', async ({ page }) => {
  await page.goto('/gallery');
  await searchField(page).fill('owl blu');
  const option = page
    .getByRole('listbox', { name: 'Search pictures' })
    .getByRole('option')
    .filter({ hasText: /owl/i })
    .filter({ hasText: /blu/i })
    .first();
  const title = ((await option.textContent()) ?? '').replace(/\s*[€$£¥].*$/, '');
  await option.click();
  await expect(page).toHaveURL(/\/gallery\/picture\//);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});
