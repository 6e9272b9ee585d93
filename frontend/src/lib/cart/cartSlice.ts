import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { GIFT_CARD_OFFER_ATTRIBUTE_ID, GIFT_CARD_OFFER_ID } from '@/config/constants';
import { parseAmount } from '@/lib/money/money';
import { currencyChanged, isCurrency, storedCurrency } from '@/lib/preferences/preferencesSlice';
import { readJson, STORAGE_KEYS } from '@/lib/storage/storage';
import type { CartItem, GiftCardItem } from '@/types/cart';

export interface CartState {
  items: CartItem[];
  giftCard: GiftCardItem | null;
}

export interface StateWithCart {
  cart: CartState;
}

function isCartItemList(value: unknown): value is CartItem[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item: unknown) =>
        typeof item === 'object' &&
        item !== null &&
        'attributes' in item &&
        typeof item.attributes === 'object' &&
        item.attributes !== null &&
        'id' in item.attributes &&
        'price' in item.attributes &&
        typeof item.attributes.price === 'object' &&
        item.attributes.price !== null &&
        'currency' in item.attributes.price &&
        'minorUnits' in item.attributes.price &&
        Number.isSafeInteger(item.attributes.price.minorUnits),
    )
  );
}

function isGiftCard(value: unknown): value is GiftCardItem {
  if (typeof value !== 'object' || value === null) return false;
  const { offerId, offerAttributeId, amount, currency } = value as Record<string, unknown>;
  return (
    offerId === GIFT_CARD_OFFER_ID &&
    offerAttributeId === GIFT_CARD_OFFER_ATTRIBUTE_ID &&
    isCurrency(currency) &&
    typeof amount === 'string' &&
    'minorUnits' in parseAmount(amount, currency)
  );
}

const emptyCart = (): CartState => ({ items: [], giftCard: null });

/**
 * The stored cart, without what was priced in another currency than the stored one (another tab
 * may have changed the currency after this one saved its cart): such prices cannot be added up.
 */
function storedCart(): CartState {
  const currency = storedCurrency();
  const items = readJson('local', STORAGE_KEYS.cart, isCartItemList) ?? [];
  const giftCard = readJson('local', STORAGE_KEYS.giftCard, isGiftCard);
  return {
    items: items.filter((item) => item.attributes.price.currency === currency),
    giftCard: giftCard?.currency === currency ? giftCard : null,
  };
}

export const cartSlice = createSlice({
  name: 'cart',
  initialState: storedCart,
  reducers: {
    cartEmptied: emptyCart,
    /** Adds an offer variant; one already in the cart is not added twice (an order takes it once). */
    itemAdded(state, action: PayloadAction<CartItem>) {
      const attributeId = action.payload.attributes.id;
      if (!state.items.some((item) => item.attributes.id === attributeId)) {
        state.items.push(action.payload);
      }
    },
    /** Takes out the variant with this attributes id (SPEC.md section 4). */
    itemRemoved(state, action: PayloadAction<number>) {
      state.items = state.items.filter((item) => item.attributes.id !== action.payload);
    },
    /** The variants of a paid order leave the cart; anything added since stays. */
    itemsBought(state, action: PayloadAction<readonly number[]>) {
      const bought = new Set(action.payload);
      state.items = state.items.filter((item) => !bought.has(item.attributes.id));
    },
    /** The cart holds one gift card: a new one replaces it. */
    giftCardAdded(state, action: PayloadAction<Pick<GiftCardItem, 'amount' | 'currency'>>) {
      state.giftCard = {
        offerId: GIFT_CARD_OFFER_ID,
        offerAttributeId: GIFT_CARD_OFFER_ATTRIBUTE_ID,
        ...action.payload,
      };
    },
    giftCardRemoved(state) {
      state.giftCard = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(currencyChanged, emptyCart);
  },
});

export const { cartEmptied, itemAdded, itemRemoved, itemsBought, giftCardAdded, giftCardRemoved } =
  cartSlice.actions;

export const selectCart = (state: StateWithCart) => state.cart;

export const selectCartCount = (state: StateWithCart) =>
  state.cart.items.length + (state.cart.giftCard === null ? 0 : 1);

export const selectIsInCart = (state: StateWithCart, attributeId: number) =>
  state.cart.items.some((item) => item.attributes.id === attributeId);
