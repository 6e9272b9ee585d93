import { describe, expect, it } from 'vitest';
import { COUNTRIES } from './countries';
import { COUNTRIES_BY_NAME, searchCountries } from './countrySearch';

const names = (typed: string) =>
  searchCountries(COUNTRIES_BY_NAME, typed).map((country) => country.name);

describe('country search', () => {
  it('holds the 249 ISO 3166-1 alpha-2 codes, each once', () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(new Set(COUNTRIES.map((country) => country.code)).size).toBe(249);
    expect(COUNTRIES.every((country) => /^[A-Z]{2}$/.test(country.code))).toBe(true);
  });

  it('lists names starting with what was typed first', () => {
    expect(names('uni').slice(0, 4)).toEqual([
      'United Arab Emirates',
      'United Kingdom',
      'United States',
      'United States Minor Outlying Islands',
    ]);
    expect(names('uni')).toContain('Tunisia');
  });

  it('finds later words, codes, and names without their accents', () => {
    expect(names('korea')).toEqual(['North Korea', 'South Korea']);
    expect(names('DE')[0]).toBe('Germany');
    expect(names('reunion')).toEqual(['Réunion']);
  });

  it('lists everything for an empty search and nothing for a miss', () => {
    expect(names('  ')).toHaveLength(249);
    expect(names('atlantis')).toEqual([]);
  });
});
