import { readFilters, writeFilters } from './filters';
import type { OfferFilters } from './types';

/**
 * The gallery list a picture was opened from, carried in the router's location state so that the
 * picture page's slideshow can show the neighbours the visitor was looking at.
 */
interface ListState {
  list: { query: string; category?: string };
}

export function listState(filters: OfferFilters): ListState {
  return { list: { query: writeFilters(filters).toString(), category: filters.category } };
}

/** The filters of the list in a location state, or undefined when the picture was not opened from one. */
export function readListState(state: unknown): OfferFilters | undefined {
  if (typeof state !== 'object' || state === null || !('list' in state)) return undefined;
  const { list } = state;
  if (typeof list !== 'object' || list === null || !('query' in list)) return undefined;
  const query = typeof list.query === 'string' ? list.query : '';
  const category =
    'category' in list && typeof list.category === 'string' ? list.category : undefined;
  return readFilters(new URLSearchParams(query), category);
}
