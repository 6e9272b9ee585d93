import { describe, expect, it } from 'vitest';
import { readFilters, searchLocation, validatePriceRange, writeFilters } from './filters';

describe('gallery filters in the address', () => {
  it('reads every filter and the category', () => {
    const params = new URLSearchParams(
      'orientation=Vertical&style=PopArt&from=10&to=20.50&sort=HighToLow&q=%20cat%20',
    );
    expect(readFilters(params, 'animals')).toEqual({
      category: 'animals',
      orientation: 'Vertical',
      style: 'PopArt',
      from: '10',
      to: '20.50',
      sort: 'HighToLow',
      search: 'cat',
    });
  });

  it('treats unknown choices as no filter and the sort as newest first', () => {
    expect(readFilters(new URLSearchParams('orientation=Round&style=Baroque&sort=Random'))).toEqual(
      {
        sort: 'NewToOld',
      },
    );
  });

  it('writes only what filters, and reads back what it wrote', () => {
    const filters = { style: 'Anime', from: '5', sort: 'LowToHigh', search: '' } as const;
    const written = writeFilters(filters);
    expect(written.toString()).toBe('style=Anime&from=5&sort=LowToHigh');
    expect(readFilters(written)).toEqual({ style: 'Anime', from: '5', sort: 'LowToHigh' });
    expect(writeFilters({ sort: 'NewToOld' }).toString()).toBe('');
  });
});

describe('the search in the address', () => {
  it('sorts a search by relevance unless another order is in the address, and says so only then', () => {
    expect(readFilters(new URLSearchParams('q=owl'))).toEqual({ sort: 'Relevance', search: 'owl' });
    expect(readFilters(new URLSearchParams('q=owl&sort=NewToOld')).sort).toBe('NewToOld');
    expect(writeFilters({ sort: 'Relevance', search: 'owl' }).toString()).toBe('q=owl');
    expect(writeFilters({ sort: 'NewToOld', search: 'owl' }).toString()).toBe(
      'sort=NewToOld&q=owl',
    );
  });

  it('reads relevance without a search as newest first, as the server sorts it', () => {
    expect(readFilters(new URLSearchParams('sort=Relevance'))).toEqual({ sort: 'NewToOld' });
    expect(readFilters(new URLSearchParams('q=%20%20&sort=Relevance'))).toEqual({
      sort: 'NewToOld',
    });
    expect(writeFilters({ sort: 'Relevance' }).toString()).toBe('');
  });

  it('keeps the category and filters for a new search, drops the chosen order, and clears', () => {
    const within = readFilters(new URLSearchParams('style=Anime&sort=LowToHigh&q=owl'), 'animals');
    expect(searchLocation('  blue wolf ', within)).toEqual({
      pathname: '/gallery/animals',
      search: 'style=Anime&q=blue+wolf',
    });
    expect(searchLocation('', within)).toEqual({
      pathname: '/gallery/animals',
      search: 'style=Anime',
    });
    expect(searchLocation('wolf')).toEqual({ pathname: '/gallery', search: 'q=wolf' });
  });
});

describe('validatePriceRange', () => {
  it('accepts an empty, an open and a closed range, both ends included', () => {
    expect(validatePriceRange({}, 'EUR')).toEqual({});
    expect(validatePriceRange({ from: '10' }, 'EUR')).toEqual({});
    expect(validatePriceRange({ from: '10', to: '10.00' }, 'EUR')).toEqual({});
  });

  it('refuses a lowest price above the highest, compared exactly', () => {
    expect(validatePriceRange({ from: '10.01', to: '10' }, 'EUR')).toEqual({
      to: 'The highest price must not be less than the lowest.',
    });
  });

  it('refuses negative and malformed amounts', () => {
    expect(validatePriceRange({ from: '-5', to: 'ten' }, 'EUR')).toEqual({
      from: 'The price must not be negative.',
      to: 'Enter an amount, such as 25 or 19.99.',
    });
    expect(validatePriceRange({ from: '1.999' }, 'USD')).toEqual({
      from: 'Use at most 2 decimals for USD.',
    });
  });

  it('wants whole yen', () => {
    expect(validatePriceRange({ from: '1500.5' }, 'JPY')).toEqual({
      from: 'Prices in JPY are whole numbers.',
    });
    expect(validatePriceRange({ from: '1500', to: '3000' }, 'JPY')).toEqual({});
  });
});
