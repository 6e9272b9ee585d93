import { describe, expect, it } from 'vitest';
import { minorUnitsText, moneyText, readAmount } from './money';

describe('amounts typed by staff', () => {
  it.each([
    ['12.50', 1250n, '12.50'],
    ['5', 500n, '5.00'],
    [' 0.1 ', 10n, '0.10'],
    ['100000.01', 10000001n, '100000.01'],
  ])('reads %j as whole cents', (text, minorUnits, amount) => {
    expect(readAmount(text, 'EUR')).toEqual({ minorUnits, amount });
  });

  it.each([
    ['0', 'Must be more than zero.'],
    ['0.00', 'Must be more than zero.'],
    ['-1', 'The amount must not be negative.'],
    ['1.005', 'Use at most 2 decimals for EUR.'],
    ['12,50', 'Enter an amount, such as 25 or 19.99.'],
    ['', 'Enter an amount, such as 25 or 19.99.'],
  ])('refuses %j in the words of the server', (text, message) => {
    expect(readAmount(text, 'EUR')).toEqual({ message });
  });

  it('reads yen without decimals', () => {
    expect(readAmount('2500', 'JPY')).toEqual({ minorUnits: 2500n, amount: '2500' });
    expect(readAmount('25.5', 'JPY')).toEqual({ message: 'Amounts in JPY are whole numbers.' });
  });

  it('states amounts as "12.50 EUR", sums in cents exact where floats are not', () => {
    expect(moneyText({ amount: '12.50', currency: 'EUR' })).toBe('12.50 EUR');
    expect(minorUnitsText(10n + 20n, 'EUR')).toBe('0.30 EUR');
    expect(minorUnitsText(-320n, 'EUR')).toBe('-3.20 EUR');
  });
});
