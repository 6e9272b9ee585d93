import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import { signUpAndLogIn, uniqueEmail } from './support/customers';
import { pngSize, zipEntries } from './support/files';

/**
 * Generating images against the real server and its built-in generator: a new customer uses two of
 * the three free images of the day, receives them as a ZIP, finds them in the history and
 * downloads one of them again as a PNG.
 */

const PROMPT = 'A lighthouse on a cliff at dusk, waves crashing below';
/** The built-in generator draws 1024 pixels on the long edge. */
const LONG_EDGE = 1024;

async function downloadedBytes(download: Download): Promise<Buffer> {
  return readFile(await download.path());
}

function expectLongEdge(png: Buffer) {
  const { width, height } = pngSize(png);
  expect(Math.max(width, height)).toBe(LONG_EDGE);
}

async function choose(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field }).selectOption({ label: option });
}

test('a customer generates two images, receives them as a ZIP and downloads one again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpAndLogIn(page, uniqueEmail());
  const form = page.getByRole('form', { name: 'Generate images' });
  const history = page.getByRole('region', { name: 'Your generated images' });

  await test.step('describe two images; both are free', async () => {
    await page.goto('/generate');
    await expect(page.getByText('Free images left today: 3 of 3')).toBeVisible();
    await expect(history.getByText(/^No images yet\./)).toBeVisible();
    await form.getByLabel('Prompt', { exact: true }).fill(PROMPT);
    await choose(page, 'Style', 'Watercolor');
    await form.getByRole('radio', { name: '3:2' }).check();
    await choose(page, 'Number of images', '2');
    await expect(page.getByText('All 2 images are free.')).toBeVisible();
  });

  const zipName = await test.step('generate: a ZIP of two PNGs arrives', async () => {
    const downloading = page.waitForEvent('download', { timeout: 90_000 });
    await form.getByRole('button', { name: 'Generate' }).click();
    const download = await downloading;
    const name = download.suggestedFilename();
    expect(name).toMatch(/-watercolor-\d+\.zip$/i);

    const entries = zipEntries(await downloadedBytes(download));
    expect(entries).toHaveLength(2);
    for (const entry of entries) {
      expect(entry.name).toMatch(/\.png$/);
      expectLongEdge(entry.data);
    }
    return name;
  });

  await test.step('the page says what came and the allowance went down', async () => {
    await expect(page.getByText(`2 images made and saved as ${zipName}.`)).toBeVisible();
    await expect(page.getByText('Free images left today: 1 of 3')).toBeVisible();
  });

  await test.step('both images are in the history, with their pictures', async () => {
    await expect(history.getByRole('article')).toHaveCount(2);
    const thumbnails = history.getByRole('article').locator('img');
    await expect(thumbnails).toHaveCount(2);
    for (const thumbnail of await thumbnails.all()) {
      // Loaded and decoded: fetched with the token and shown from an object URL.
      await expect(thumbnail).toHaveJSProperty('complete', true);
      await expect(thumbnail).not.toHaveJSProperty('naturalWidth', 0);
    }
  });

  await test.step('download one of them again as a PNG', async () => {
    const downloading = page.waitForEvent('download');
    await history
      .getByRole('article')
      .first()
      .getByRole('button', { name: /^Download / })
      .click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.png$/);
    expectLongEdge(await downloadedBytes(download));
  });
});
