import type { Currency } from '@/config/constants';
import { describeAmountProblem, parseAmount } from '@/lib/money/money';
import { categoryPath, GALLERY_PATH } from './paths';
import {
  DEFAULT_SORT,
  ORIENTATIONS,
  SEARCH_SORT,
  SORTS,
  STYLES,
  type OfferFilters,
  type Orientation,
  type Sort,
  type Style,
} from './types';

/**
 * The gallery's filters live in the page address (`/gallery/space?style=Anime&from=10&sort=LowToHigh`),
 * so that a link shares them and a reload keeps them. Default and empty values stay out of it. The
 * search is `q`, the name shoppers know from other shops' addresses.
 */
const URL_KEYS = {
  orientation: 'orientation',
  style: 'style',
  from: 'from',
  to: 'to',
  sort: 'sort',
  search: 'q',
} as const;

/** The longest search the server takes (longer: a 400 on `Search`). */
export const SEARCH_MAX_LENGTH = 200;

function oneOf<T extends string>(choices: readonly T[], value: string | null): T | undefined {
  return choices.find((choice) => choice === value);
}

function text(value: string | null): string | undefined {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? undefined : trimmed;
}

/**
 * The order when none is chosen: relevance while searching, as the server does, else newest
 * first.
 */
export function defaultSort(search: string | undefined): Sort {
  return search === undefined ? DEFAULT_SORT : SEARCH_SORT;
}

/** Relevance without a search is newest first, as the server sorts it. */
function effectiveSort(sort: Sort, search: string | undefined): Sort {
  return sort === SEARCH_SORT && search === undefined ? DEFAULT_SORT : sort;
}

/** Reads the filters from the address; unknown choices count as "any". */
export function readFilters(params: URLSearchParams, category?: string): OfferFilters {
  const search = text(params.get(URL_KEYS.search));
  const sort = oneOf<Sort>(SORTS, params.get(URL_KEYS.sort)) ?? defaultSort(search);
  return {
    category,
    orientation: oneOf<Orientation>(ORIENTATIONS, params.get(URL_KEYS.orientation)),
    style: oneOf<Style>(STYLES, params.get(URL_KEYS.style)),
    from: text(params.get(URL_KEYS.from)),
    to: text(params.get(URL_KEYS.to)),
    sort: effectiveSort(sort, search),
    search,
  };
}

/** The query string of the filters (the category is part of the path, not of the query). */
export function writeFilters(filters: Omit<OfferFilters, 'category'>): URLSearchParams {
  const params = new URLSearchParams();
  const put = (key: string, value: string | undefined) => {
    if (value !== undefined) params.set(key, value);
  };
  const search = text(filters.search ?? null);
  put(URL_KEYS.orientation, filters.orientation);
  put(URL_KEYS.style, filters.style);
  put(URL_KEYS.from, text(filters.from ?? null));
  put(URL_KEYS.to, text(filters.to ?? null));
  const sort = effectiveSort(filters.sort, search);
  if (sort !== defaultSort(search)) put(URL_KEYS.sort, sort);
  put(URL_KEYS.search, search);
  return params;
}

/**
 * The gallery searching for `text`. A new search keeps the category and the filters in effect (the
 * shopper narrowed the gallery on purpose) but not a chosen order: it is sorted by relevance, and
 * starts again from its first page.
 */
export function searchLocation(text: string, within: OfferFilters = { sort: DEFAULT_SORT }) {
  const search = text.trim() === '' ? undefined : text.trim();
  return {
    pathname: within.category === undefined ? GALLERY_PATH : categoryPath(within.category),
    search: writeFilters({ ...within, search, sort: defaultSort(search) }).toString(),
  };
}

export function hasActiveFilters(filters: OfferFilters): boolean {
  return writeFilters(filters).size > 0;
}

export interface PriceRangeErrors {
  from?: string;
  to?: string;
}

/**
 * Checks a price range typed in the display currency the way the server does: amounts that are
 * not negative, no more decimals than the currency has, and From not above To. Compared in minor
 * units, never in floating point.
 */
export function validatePriceRange(
  range: { from?: string; to?: string },
  currency: Currency,
): PriceRangeErrors {
  const errors: PriceRangeErrors = {};
  const read = (value: string | undefined, field: keyof PriceRangeErrors) => {
    if (value === undefined || value.trim() === '') return undefined;
    const parsed = parseAmount(value, currency);
    if ('problem' in parsed) {
      errors[field] = describeAmountProblem(parsed.problem, currency, 'price');
      return undefined;
    }
    return parsed.minorUnits;
  };
  const from = read(range.from, 'from');
  const to = read(range.to, 'to');
  if (from !== undefined && to !== undefined && from > to) {
    errors.to = 'The highest price must not be less than the lowest.';
  }
  return errors;
}

export function hasErrors(errors: PriceRangeErrors): boolean {
  return errors.from !== undefined || errors.to !== undefined;
}

export { STYLE_LABELS } from '@/types/art';

export const SORT_LABELS: Record<Sort, string> = {
  Relevance: 'Relevance',
  NewToOld: 'Newest first',
  LowToHigh: 'Price: low to high',
  HighToLow: 'Price: high to low',
};
