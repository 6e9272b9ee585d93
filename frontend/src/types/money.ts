import type { Currency } from '@/config/constants';

/**
 * A price as the server sends it: `amount` is the exact decimal text ("12.30", "3247" for JPY) and
 * `minorUnits` the same value in cents (or yen). Never turned into a floating-point number.
 */
export interface Money {
  amount: string;
  currency: Currency;
  minorUnits: number;
}
