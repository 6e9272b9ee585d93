import { expect, test, type Page } from '@playwright/test';
import { stored } from './support/shop';

/** The cookie consent of SPEC.md section 3 in a real browser: refuse first, then allow. */

async function storedList(page: Page, key: string): Promise<unknown> {
  return JSON.parse((await stored(page, 'localStorage', key)) ?? 'null') as unknown;
}

test('a visitor refuses optional cookies, then allows them from the footer', async ({
  page,
  context,
}) => {
  const banner = page.getByRole('region', { name: 'Cookies and storage' });
  const localeCookie = async () =>
    (await context.cookies()).find((cookie) => cookie.name === 'locale');

  await test.step('nothing optional is stored before the choice', async () => {
    await page.goto('/');
    await expect(banner).toBeVisible();
    expect(await localeCookie()).toBeUndefined();
    expect(await stored(page, 'localStorage', 'accepted-privacy')).toBeNull();
  });

  await test.step('Reject all keeps only the essential category', async () => {
    await banner.getByRole('button', { name: 'Reject all' }).click();
    await expect(banner).toBeHidden();
    expect(await storedList(page, 'granted-consents')).toEqual(['essential']);
    expect(await storedList(page, 'rejected-consents')).toEqual(['preferences', 'statistics']);
    expect(await stored(page, 'localStorage', 'accepted-privacy')).toBe('true');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toBeHidden();
    expect(await localeCookie()).toBeUndefined();
  });

  await test.step('Cookie settings in the footer allows everything', async () => {
    const settings = page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' });
    await settings.click();
    const dialog = page.getByRole('dialog', { name: 'Cookie settings' });
    await expect(dialog.getByRole('checkbox', { name: 'Essential' })).toBeDisabled();
    await dialog.getByRole('checkbox', { name: 'Preferences' }).check();
    await dialog.getByRole('checkbox', { name: 'Statistics' }).check();
    await dialog.getByRole('button', { name: 'Save my choices' }).click();
    await expect(dialog).toBeHidden();
    // The footer link opened the dialog and is still there: it has the focus back.
    await expect(settings).toBeFocused();

    expect(await storedList(page, 'granted-consents')).toEqual([
      'essential',
      'preferences',
      'statistics',
    ]);
    expect(await storedList(page, 'rejected-consents')).toEqual([]);
    const cookie = await localeCookie();
    expect(cookie?.value).toBe('en');
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    const daysLeft = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
    expect(daysLeft).toBeGreaterThan(364);
    expect(daysLeft).toBeLessThanOrEqual(365);
  });
});
