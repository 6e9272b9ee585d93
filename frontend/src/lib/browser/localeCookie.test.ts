import { describe, expect, it } from 'vitest';
import { detectLanguage, ensureLocaleCookie, localeCookie, readCookie } from './localeCookie';

describe('locale', () => {
  it('picks the first supported browser language and falls back to English', () => {
    expect(detectLanguage(['de-DE', 'en-GB'])).toBe('en');
    expect(detectLanguage(['fr-FR'])).toBe('en');
    expect(detectLanguage([])).toBe('en');
  });

  it('keeps the locale in a cookie', () => {
    document.cookie = 'locale=xx; Path=/';
    expect(ensureLocaleCookie()).toBe('en');
    expect(readCookie('locale')).toBe('en');
  });

  it('lasts 365 days on the whole site, same-site lax', () => {
    expect(localeCookie('en', false)).toBe('locale=en; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(localeCookie('en', true)).toMatch(/; Secure$/);
  });
});
