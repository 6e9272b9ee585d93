import type { Currency } from '@/config/constants';
import type { Money } from './money';
import type { PictureSources } from './art';

/**
 * One offer variant in the cart. `attributes` is the chosen variant (its id is what the cart and
 * the order go by); the rest is what the customer saw when adding it, for showing the cart.
 */
export interface CartItem {
  offerId: number;
  urlName: string;
  title: string;
  thumbnail: PictureSources;
  attributes: {
    id: number;
    name: string;
    longEdge: number;
    licence: string;
    /** In the display currency at the time; a currency change empties the cart. */
    price: Money;
  };
}

/** A gift card being bought; its offer ids are the fixed GIFT_CARD_OFFER_ID / _ATTRIBUTE_ID. */
export interface GiftCardItem {
  offerId: number;
  offerAttributeId: number;
  /**
   * Exact decimal text in major units of `currency`, with the currency's decimals ("25.00",
   * "4000" for JPY): never a floating-point number.
   */
  amount: string;
  currency: Currency;
}
