/**
 * Every interface constant of SPEC.md section 9 (plus the build-poll interval of DESIGN.md section 9),
 * in one place so that the theme, the components and the tests agree on them.
 */

export const CURRENCIES = [
  'EUR',
  'USD',
  'GBP',
  'NOK',
  'CZK',
  'PLN',
  'CHF',
  'AUD',
  'AZN',
  'KZT',
  'SAR',
  'JPY',
  'CAD',
  'NZD',
] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'EUR';

/** Gift cards are not catalogue offers; the cart marks them with these fixed ids. */
export const GIFT_CARD_OFFER_ID = -1;
export const GIFT_CARD_OFFER_ATTRIBUTE_ID = -1;

export const SUPPORTED_LANGUAGES = ['en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LOCALE_COOKIE_NAME = 'locale';
export const LOCALE_COOKIE_DAYS = 365;

export const SNACKBAR_TIMEOUT_MS = 5000;
export const SLIDESHOW_INTERVAL_MS = 5000;
export const MENU_OPEN_DELAY_MS = 300;
export const MENU_CLOSE_DELAY_MS = 250;
/** Loading indicators wait this long so that fast loads never flash a spinner. */
export const ASYNC_COMPONENT_DELAY_MS = 200;
export const HEAD_UPDATE_DEBOUNCE_MS = 10;

export const DIALOG_Z_INDEX = 2400;
export const OVERLAY_Z_INDEX = 2000;
export const SELECT_MENU_MAX_HEIGHT_PX = 310;

/** A reload within this window of the previous one is refused, so a broken deploy cannot loop. */
export const RELOAD_GUARD_MS = 10_000;
export const BUILD_POLL_INTERVAL_MS = 5 * 60 * 1000;

/**
 * After the return from the payment page the provider's webhook arrives a moment later: the order
 * or deposit is asked for again at this interval until it is settled, for at most this long.
 */
export const PAYMENT_POLL_INTERVAL_MS = 2000;
export const PAYMENT_FOLLOW_LIMIT_MS = 5 * 60 * 1000;

/** Gift card amounts (DESIGN.md section 6), in EUR cents; other currencies: the equivalent. */
export const GIFT_CARD_MIN_EUR_CENTS = 500;
export const GIFT_CARD_MAX_EUR_CENTS = 50_000;
/** Deposit amounts (DESIGN.md section 6), in EUR cents; other currencies: the equivalent. */
export const DEPOSIT_MIN_EUR_CENTS = 500;
export const DEPOSIT_MAX_EUR_CENTS = 100_000;
