import {
  DEFAULT_LANGUAGE,
  LOCALE_COOKIE_DAYS,
  LOCALE_COOKIE_NAME,
  SUPPORTED_LANGUAGES,
  type Language,
} from '@/config/constants';
import { isConsentGranted } from '@/lib/consent/consent';

function isSupportedLanguage(value: string | undefined): value is Language {
  return value !== undefined && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** The first of the browser's preferred languages the shop speaks, else the default. */
export function detectLanguage(preferred: readonly string[] = navigator.languages): Language {
  for (const tag of preferred) {
    const language = tag.toLowerCase().split('-')[0];
    if (isSupportedLanguage(language)) return language;
  }
  return DEFAULT_LANGUAGE;
}

export function readCookie(name: string): string | undefined {
  for (const pair of document.cookie.split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * The locale cookie (SPEC.md section 1) is a preference: while that category is granted it is kept
 * and its 365-day lifetime renewed; otherwise it is removed. Answers the locale either way.
 */
export function syncLocaleCookie(): Language {
  const stored = readCookie(LOCALE_COOKIE_NAME);
  const locale = isSupportedLanguage(stored) ? stored : detectLanguage();
  if (isConsentGranted('preferences')) {
    document.cookie = localeCookie(locale, window.location.protocol === 'https:');
  } else if (stored !== undefined) {
    document.cookie = `${LOCALE_COOKIE_NAME}=; Max-Age=0; Path=/; SameSite=Lax`;
  }
  return locale;
}

/** The Set-Cookie style string for the locale: 365 days, whole site, same-site lax. */
export function localeCookie(locale: Language, secure: boolean): string {
  const maxAgeSeconds = LOCALE_COOKIE_DAYS * 24 * 60 * 60;
  const attributes = [`Max-Age=${maxAgeSeconds}`, 'Path=/', 'SameSite=Lax'];
  if (secure) attributes.push('Secure');
  return [`${LOCALE_COOKIE_NAME}=${locale}`, ...attributes].join('; ');
}
