import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serveCatalogue } from '@/features/gallery/testing/catalogueServer';
import { renderApp } from '@/test/render';

const banner = () => screen.queryByRole('region', { name: 'Cookies and storage' });
const stored = (key: string) => window.localStorage.getItem(key);
const localeCookieSet = () => document.cookie.split('; ').some((c) => c.startsWith('locale='));

async function openHome() {
  renderApp('/');
  await screen.findByRole('heading', { name: 'Welcome to Artshop' });
}

describe('cookie consent', () => {
  // The home page shows the latest pictures and the categories.
  beforeEach(() => serveCatalogue());
  afterEach(() => {
    document.cookie = 'locale=; Max-Age=0; Path=/';
  });

  it('asks on the first visit and stores nothing optional before an answer', async () => {
    await openHome();
    expect(banner()).toHaveTextContent('No tracking or advertising.');
    expect(stored('accepted-privacy')).toBeNull();
    expect(stored('granted-consents')).toBeNull();
    expect(localeCookieSet()).toBe(false);
  });

  it('records Accept all as every category granted, keeps the language and hides the banner', async () => {
    const user = userEvent.setup();
    await openHome();

    await user.click(screen.getByRole('button', { name: 'Accept all' }));

    expect(banner()).not.toBeInTheDocument();
    expect(JSON.parse(stored('granted-consents') ?? 'null')).toEqual([
      'essential',
      'preferences',
      'statistics',
    ]);
    expect(JSON.parse(stored('rejected-consents') ?? 'null')).toEqual([]);
    expect(stored('accepted-privacy')).toBe('true');
    expect(localeCookieSet()).toBe(true);
    // The button that had the focus went away with the banner: the page heading has it now.
    expect(screen.getByRole('heading', { name: 'Welcome to Artshop' })).toHaveFocus();
  });

  it('records Reject all as only the essential category granted, and sets no cookie', async () => {
    const user = userEvent.setup();
    await openHome();

    await user.click(screen.getByRole('button', { name: 'Reject all' }));

    expect(banner()).not.toBeInTheDocument();
    expect(JSON.parse(stored('granted-consents') ?? 'null')).toEqual(['essential']);
    expect(JSON.parse(stored('rejected-consents') ?? 'null')).toEqual([
      'preferences',
      'statistics',
    ]);
    expect(stored('accepted-privacy')).toBe('true');
    expect(localeCookieSet()).toBe(false);
  });

  it('lets the visitor choose per category, essential always on', async () => {
    const user = userEvent.setup();
    await openHome();

    await user.click(screen.getByRole('button', { name: 'Choose' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cookie settings' });
    const essential = within(dialog).getByRole('checkbox', { name: 'Essential' });
    expect(essential).toBeChecked();
    expect(essential).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Statistics' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save my choices' }));

    expect(banner()).not.toBeInTheDocument();
    expect(JSON.parse(stored('granted-consents') ?? 'null')).toEqual(['essential', 'statistics']);
    expect(JSON.parse(stored('rejected-consents') ?? 'null')).toEqual(['preferences']);
    expect(localeCookieSet()).toBe(false);
  });

  it('reopens the choice from the footer, and withdrawing preferences removes the cookie', async () => {
    const user = userEvent.setup();
    await openHome();
    await user.click(screen.getByRole('button', { name: 'Accept all' }));
    expect(localeCookieSet()).toBe(true);

    const settings = screen.getByRole('button', { name: 'Cookie settings' });
    await user.click(settings);
    const dialog = await screen.findByRole('dialog', { name: 'Cookie settings' });
    const preferences = within(dialog).getByRole('checkbox', { name: 'Preferences' });
    expect(preferences).toBeChecked();
    await user.click(preferences);
    await user.click(within(dialog).getByRole('button', { name: 'Save my choices' }));

    expect(JSON.parse(stored('rejected-consents') ?? 'null')).toEqual(['preferences']);
    expect(localeCookieSet()).toBe(false);
    expect(banner()).not.toBeInTheDocument();
  });

  it('stays hidden once a choice is stored', async () => {
    window.localStorage.setItem('accepted-privacy', 'true');
    window.localStorage.setItem('granted-consents', '["essential"]');
    window.localStorage.setItem('rejected-consents', '["preferences","statistics"]');
    await openHome();
    expect(banner()).not.toBeInTheDocument();
  });
});
