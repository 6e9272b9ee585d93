import type { Currency } from '@/config/constants';
import {
  amountFromMinorUnits,
  describeAmountProblem,
  formatMoney,
  parseAmount,
} from '@/lib/money/money';

/** Bounds of an amount in EUR cents; in other currencies the server converts them. */
export interface EurBounds {
  min: number;
  max: number;
}

/** "€5", "€12.50": whole euros without decimals. */
function euros(cents: number): string {
  const amount = amountFromMinorUnits(BigInt(cents), 'EUR').replace(/\.00$/, '');
  return formatMoney({ amount, currency: 'EUR' });
}

/** The rule to show next to an amount field, in words. */
export function boundsRule({ min, max }: EurBounds, currency: Currency): string {
  const range = `from ${euros(min)} to ${euros(max)}`;
  return currency === 'EUR'
    ? `Any amount ${range}.`
    : `Any amount ${range}, or the same value in ${currency}. The exact limits are checked when you pay.`;
}

/**
 * Checks an amount typed in the display currency before it is sent: its format always, its bounds
 * only in EUR (the server converts them for other currencies and has the final word). Answers the
 * amount as exact decimal text with the currency's decimals, or what is wrong with it.
 */
export function checkAmount(
  text: string,
  currency: Currency,
  bounds: EurBounds,
): { amount: string } | { message: string } {
  const parsed = parseAmount(text, currency);
  if ('problem' in parsed) return { message: describeAmountProblem(parsed.problem, currency) };
  const { minorUnits } = parsed;
  if (currency === 'EUR' && (minorUnits < BigInt(bounds.min) || minorUnits > BigInt(bounds.max))) {
    return { message: `The amount must be from ${euros(bounds.min)} to ${euros(bounds.max)}.` };
  }
  return { amount: amountFromMinorUnits(minorUnits, currency) };
}
