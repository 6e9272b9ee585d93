import { afterEach, describe, expect, it } from 'vitest';
import { consentChoice, storeConsentChoice } from '@/lib/consent/consent';
import { detectLanguage, localeCookie, readCookie, syncLocaleCookie } from './localeCookie';

afterEach(() => {
  document.cookie = 'locale=; Max-Age=0; Path=/';
});

describe('locale', () => {
  it('picks the first supported browser language and falls back to English', () => {
    expect(detectLanguage(['de-DE', 'en-GB'])).toBe('en');
    expect(detectLanguage(['fr-FR'])).toBe('en');
    expect(detectLanguage([])).toBe('en');
  });

  it('sets no cookie before the visitor has chosen', () => {
    expect(syncLocaleCookie()).toBe('en');
    expect(document.cookie).toBe('');
  });

  it('keeps the locale in a cookie once preferences are granted, replacing an unknown one', () => {
    storeConsentChoice(consentChoice(['preferences']));
    document.cookie = 'locale=xx; Path=/';
    expect(syncLocaleCookie()).toBe('en');
    expect(readCookie('locale')).toBe('en');
  });

  it('removes the cookie when preferences are refused', () => {
    document.cookie = 'locale=en; Path=/';
    storeConsentChoice(consentChoice([]));
    syncLocaleCookie();
    expect(readCookie('locale')).toBeUndefined();
  });

  it('lasts 365 days on the whole site, same-site lax', () => {
    expect(localeCookie('en', false)).toBe('locale=en; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(localeCookie('en', true)).toBe(
      'locale=en; Max-Age=31536000; Path=/; SameSite=Lax; Secure',
    );
  });
});
