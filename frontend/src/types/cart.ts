/** One offer variant in the cart; the rest of its fields belong to the cart feature. */
export interface CartItem {
  offerId: number;
  attributes: { id: number };
}

/** A gift card being bought; its offer ids are the fixed GIFT_CARD_OFFER_ID / _ATTRIBUTE_ID. */
export interface GiftCardItem {
  offerId: number;
  offerAttributeId: number;
  amount: number;
  currency: string;
}
