import type { Currency } from '@/config/constants';
import { amountFromMinorUnits, describeAmountProblem, parseAmount } from '@/lib/money/money';
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

/**
 * An amount typed by staff, in whole minor units, or what is wrong with it in the server's words
 * (backoffice API: more than zero, at most the currency's decimals).
 */
export function readAmount(
  text: string,
  currency: Currency,
): { minorUnits: bigint; amount: string } | { message: string } {
  const parsed = parseAmount(text, currency);
  if ('problem' in parsed) return { message: describeAmountProblem(parsed.problem, currency) };
  if (parsed.minorUnits === 0n) return { message: 'Must be more than zero.' };
  return {
    minorUnits: parsed.minorUnits,
    amount: amountFromMinorUnits(parsed.minorUnits, currency),
  };
}
