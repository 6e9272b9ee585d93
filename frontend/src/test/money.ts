import type { Currency } from '@/config/constants';
import type { Money } from '@/types/money';

/** Test-only rates: units of the currency per EUR, times 10 000 (1 EUR = 163.27 JPY). */
const RATES: Partial<Record<Currency, number>> = { EUR: 10_000, USD: 10_850, JPY: 1_632_700 };

/** A price in `currency` of an amount in EUR cents, shaped like the server's money objects. */
export function money(eurCents: number, currency: Currency = 'EUR'): Money {
  const rate = RATES[currency];
  if (rate === undefined) throw new Error(`No test rate for ${currency}`);
  if (currency === 'JPY') {
    const yen = Math.round((eurCents * rate) / 1_000_000);
    return { amount: String(yen), currency, minorUnits: yen };
  }
  const cents = Math.round((eurCents * rate) / 10_000);
  const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  return { amount, currency, minorUnits: cents };
}
