import { describe, expect, it } from 'vitest';
import { amountFromMinorUnits, formatMoney, parseAmount, sumMoney } from './money';

describe('formatMoney', () => {
  it.each([
    ['12.30', 'EUR', '€12.30'],
    ['0.05', 'EUR', '€0.05'],
    ['1234567.89', 'USD', '$1,234,567.89'],
    ['3247', 'JPY', '¥3,247'],
    ['1250.00', 'NOK', 'NOK 1,250.00'],
    ['-4.10', 'GBP', '-£4.10'],
  ] as const)('shows %s %s as %s', (amount, currency, shown) => {
    expect(formatMoney({ amount, currency }).replaceAll('\u00a0', ' ')).toBe(shown);
  });

  it('keeps every digit of amounts past floating-point precision', () => {
    expect(formatMoney({ amount: '90071992547409.93', currency: 'EUR' })).toBe(
      '€90,071,992,547,409.93',
    );
  });
});

describe('parseAmount', () => {
  it('reads amounts as minor units', () => {
    expect(parseAmount('25', 'EUR')).toEqual({ minorUnits: 2500n });
    expect(parseAmount(' 19.9 ', 'EUR')).toEqual({ minorUnits: 1990n });
    expect(parseAmount('3247', 'JPY')).toEqual({ minorUnits: 3247n });
  });

  it('says what is wrong with an amount', () => {
    expect(parseAmount('-1', 'EUR')).toEqual({ problem: 'negative' });
    expect(parseAmount('12.345', 'EUR')).toEqual({ problem: 'too-precise' });
    expect(parseAmount('12.5', 'JPY')).toEqual({ problem: 'too-precise' });
    expect(parseAmount('12,50', 'EUR')).toEqual({ problem: 'format' });
    expect(parseAmount('1e3', 'EUR')).toEqual({ problem: 'format' });
  });
});

describe('amountFromMinorUnits', () => {
  it.each([
    [1230n, 'EUR', '12.30'],
    [5n, 'EUR', '0.05'],
    [0n, 'USD', '0.00'],
    [-410n, 'GBP', '-4.10'],
    [3247n, 'JPY', '3247'],
    [9007199254740993n, 'EUR', '90071992547409.93'],
  ] as const)('writes %s minor units of %s as %s', (minorUnits, currency, text) => {
    expect(amountFromMinorUnits(minorUnits, currency)).toBe(text);
  });
});

describe('sumMoney', () => {
  it('adds whole minor units without floating-point error', () => {
    const tenCents = { minorUnits: 10, currency: 'EUR' } as const;
    const twentyCents = { minorUnits: 20, currency: 'EUR' } as const;
    expect(sumMoney([tenCents, twentyCents], 'EUR')).toEqual({
      amount: '0.30',
      currency: 'EUR',
      minorUnits: 30n,
    });
    expect(sumMoney([], 'JPY')).toEqual({ amount: '0', currency: 'JPY', minorUnits: 0n });
  });

  it('refuses to add two currencies', () => {
    expect(() => sumMoney([{ minorUnits: 100, currency: 'USD' }], 'EUR')).toThrow(
      'Cannot add an amount in USD to a total in EUR',
    );
  });
});
