import type { Currency } from '@/config/constants';
import { amountFromMinorUnits } from '@/lib/money/money';
import type { Money } from '@/types/money';

/**
 * An amount as the back office's confirmations state it, "12.50 EUR": the server's exact text and
 * the currency's code, never a rounded float.
 */
export function moneyText({ amount, currency }: Pick<Money, 'amount' | 'currency'>): string {
  return `${amount} ${currency}`;
}

/** "12.50 EUR" of a whole number of minor units. */
export function minorUnitsText(minorUnits: bigint, currency: Currency): string {
  return moneyText({ amount: amountFromMinorUnits(minorUnits, currency), currency });
}
