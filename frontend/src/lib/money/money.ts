import type { Currency } from '@/config/constants';
import type { Money } from '@/types/money';

/** ISO 4217 minor-unit exponents (DESIGN.md section 3): JPY has none, the other currencies 2. */
export function minorUnitDigits(currency: Currency): number {
  return currency === 'JPY' ? 0 : 2;
}

const LOCALE = 'en';
const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: Currency, fractionDigits: number): Intl.NumberFormat {
  const key = `${currency}:${fractionDigits}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    formatter = new Intl.NumberFormat(LOCALE, {
      style: 'currency',
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * Formats a price for display ("€12.30", "¥3,247") from its exact decimal text. The whole part is
 * formatted as a BigInt and the fraction digits are copied from the text, so no floating-point
 * rounding can ever change a price.
 */
export function formatMoney({ amount, currency }: Pick<Money, 'amount' | 'currency'>): string {
  const match = DECIMAL_TEXT.exec(amount);
  if (match === null) return `${amount} ${currency}`;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const formatted = formatterFor(currency, fraction.length)
    .formatToParts(BigInt(whole))
    .map((part) => (part.type === 'fraction' ? fraction : part.value))
    .join('');
  return sign === '' ? formatted : `-${formatted}`;
}

export type AmountProblem = 'format' | 'negative' | 'too-precise';

/**
 * Reads an amount typed by a customer ("25", "19.99") in a currency, as a whole number of minor
 * units, or says what is wrong with it.
 */
export function parseAmount(
  text: string,
  currency: Currency,
): { minorUnits: bigint } | { problem: AmountProblem } {
  const match = DECIMAL_TEXT.exec(text.trim());
  if (match === null) return { problem: 'format' };
  const [, sign = '', whole = '0', fraction = ''] = match;
  const digits = minorUnitDigits(currency);
  if (fraction.length > digits) return { problem: 'too-precise' };
  const minorUnits = BigInt(whole + fraction.padEnd(digits, '0'));
  if (sign !== '' && minorUnits !== 0n) return { problem: 'negative' };
  return { minorUnits };
}

/** The exact decimal text ("12.30", "3247") of a whole number of minor units of a currency. */
export function amountFromMinorUnits(minorUnits: bigint, currency: Currency): string {
  const digits = minorUnitDigits(currency);
  const sign = minorUnits < 0n ? '-' : '';
  const text = (minorUnits < 0n ? -minorUnits : minorUnits).toString().padStart(digits + 1, '0');
  if (digits === 0) return `${sign}${text}`;
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * Adds amounts of one currency in whole minor units. Amounts in another currency are a mistake
 * that must show, never a silent sum.
 */
export function sumMoney(
  amounts: readonly { minorUnits: number | bigint; currency: Currency }[],
  currency: Currency,
): Pick<Money, 'amount' | 'currency'> & { minorUnits: bigint } {
  let total = 0n;
  for (const amount of amounts) {
    if (amount.currency !== currency) {
      throw new Error(`Cannot add an amount in ${amount.currency} to a total in ${currency}`);
    }
    total += BigInt(amount.minorUnits);
  }
  return { amount: amountFromMinorUnits(total, currency), currency, minorUnits: total };
}

/**
 * What to tell a customer about an amount they typed that `parseAmount` refused; `what` names the
 * field in the message ("The price must not be negative.").
 */
export function describeAmountProblem(
  problem: AmountProblem,
  currency: Currency,
  what: 'amount' | 'price' = 'amount',
): string {
  switch (problem) {
    case 'negative':
      return `The ${what} must not be negative.`;
    case 'too-precise':
      return currency === 'JPY'
        ? `${what === 'price' ? 'Prices' : 'Amounts'} in JPY are whole numbers.`
        : `Use at most 2 decimals for ${currency}.`;
    case 'format':
      return currency === 'JPY'
        ? 'Enter a whole amount, such as 2500.'
        : 'Enter an amount, such as 25 or 19.99.';
  }
}
