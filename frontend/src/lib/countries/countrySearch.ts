import { COUNTRIES, type Country } from './countries';

/** The order a customer scans a list of countries in. */
export const COUNTRIES_BY_NAME = [...COUNTRIES].sort((a, b) => a.name.localeCompare(b.name, 'en'));

/** Lower case without accents, so that "reunion" finds "Réunion" and "aland" "Åland Islands". */
function simplify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** 0: the code; 1: the start of the name; 2: the start of a later word; 3: anywhere; -1: no match. */
function rank(country: Country, query: string): number {
  const name = simplify(country.name);
  if (country.code.toLowerCase() === query) return 0;
  if (name.startsWith(query)) return 1;
  if (name.split(/[\s,.()'-]+/).some((word) => word.startsWith(query))) return 2;
  return name.includes(query) ? 3 : -1;
}

/**
 * The countries matching what was typed, best first: "uni" lists the United ... countries before
 * Tunisia, "korea" finds North and South Korea, "de" finds Germany by its code. Within a rank the
 * given order (alphabetical) stays.
 */
export function searchCountries(countries: readonly Country[], typed: string): Country[] {
  const query = simplify(typed.trim());
  if (query === '') return [...countries];
  return countries
    .map((country) => ({ country, rank: rank(country, query) }))
    .filter((match) => match.rank >= 0)
    .sort((a, b) => a.rank - b.rank)
    .map((match) => match.country);
}
