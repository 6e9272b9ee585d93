import type { Currency } from '@/config/constants';
import type { Licence } from '@/lib/format/size';
import type { PictureSources, Style } from '@/types/art';
import type { Money } from '@/types/money';
import type { ListPage } from '@/types/page';

export const ORIENTATIONS = ['Vertical', 'Horizontal', 'Square'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

export { STYLES, type Style } from '@/types/art';

export const SORTS = ['Relevance', 'NewToOld', 'LowToHigh', 'HighToLow'] as const;
export type Sort = (typeof SORTS)[number];
/** The order without a search; a search is sorted by relevance unless the shopper chose another. */
export const DEFAULT_SORT: Sort = 'NewToOld';
export const SEARCH_SORT: Sort = 'Relevance';

export type OfferStatus = 'Active' | 'SoldOut' | 'Hidden';

/** A purchasable variant of an offer: a size and a licence at a price. */
export interface OfferAttribute {
  id: number;
  name: string;
  longEdge: number;
  licence: Licence;
  price: Money;
}

export interface Offer {
  id: number;
  urlName: string;
  title: string;
  description: string;
  /** The urlName of its category. */
  category: string;
  style: Style;
  orientation: Orientation;
  aspectRatio: string;
  width: number;
  height: number;
  tags: string[];
  createdAt: string;
  status: OfferStatus;
  /** Long edge 480 px. */
  thumbnail: PictureSources;
  /** Long edge 1600 px, watermarked. */
  preview: PictureSources;
  /** The lowest attribute price. */
  price: Money;
  attributes: OfferAttribute[];
}

/** One choice of a filter and how many pictures it would show with the search and other filters. */
export interface FacetCount<Value extends string> {
  value: Value;
  count: number;
}

/** A price band: `from` and `to` are inclusive amounts in the display currency; the last has no end. */
export interface PriceBand {
  from: Pick<Money, 'amount' | 'currency'>;
  to: Pick<Money, 'amount' | 'currency'> | null;
  count: number;
}

/**
 * The counts of each filter's choices for the current search and every filter but that one's own
 * (so that the shopper sees the alternatives); choices with no picture are left out.
 */
export interface OfferFacets {
  categories: (FacetCount<string> & { title: string })[];
  styles: FacetCount<Style>[];
  orientations: FacetCount<Orientation>[];
  prices: PriceBand[];
}

export interface OfferPage extends ListPage<Offer> {
  currency: Currency;
  facets: OfferFacets;
  /** A close spelling that would find pictures, when the search found none. */
  didYouMean: string | null;
  /** The folded (lower-case, no diacritics) title and tag words the search matched on this page. */
  matchedWords: string[];
}

/** What the header's search suggests while the shopper types: titles first, then tags. */
export type Suggestion =
  | { kind: 'title'; text: string; urlName: string; price: Pick<Money, 'amount' | 'currency'> }
  | { kind: 'tag'; text: string };

export interface Category {
  urlName: string;
  title: string;
  offerCount: number;
}

/** What the gallery shows: everything the offer list is filtered and sorted by. */
export interface OfferFilters {
  category?: string;
  orientation?: Orientation;
  style?: Style;
  /** Decimal text in the display currency, inclusive. */
  from?: string;
  to?: string;
  sort: Sort;
  /** The words searched for (`q` in the address, `Search` for the server). */
  search?: string;
}

export interface OfferListArgs extends OfferFilters {
  currency: Currency;
}
