import { describe, expect, it } from 'vitest';
import { formatMoney, parseAmount } from './money';

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
