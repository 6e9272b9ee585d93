import type { Currency } from '@/config/constants';
import type { Licence } from '@/lib/format/size';
import type { PictureSources, Style } from '@/types/art';
import type { Money } from '@/types/money';
import type { ListPage } from '@/types/page';

export const ORIENTATIONS = ['Vertical', 'Horizontal', 'Square'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

export { STYLES, type Style } from '@/types/art';

export const SORTS = ['NewToOld', 'LowToHigh', 'HighToLow'] as const;
export type Sort = (typeof SORTS)[number];
export const DEFAULT_SORT: Sort = 'NewToOld';

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

export interface OfferPage extends ListPage<Offer> {
  currency: Currency;
}

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
  search?: string;
}

export interface OfferListArgs extends OfferFilters {
  currency: Currency;
}
