import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { currencyChanged } from '@/lib/preferences/preferencesSlice';
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
        'id' in item.attributes,
    )
  );
}

function isGiftCard(value: unknown): value is GiftCardItem {
  return typeof value === 'object' && value !== null && 'amount' in value && 'currency' in value;
}

const emptyCart = (): CartState => ({ items: [], giftCard: null });

export const cartSlice = createSlice({
  name: 'cart',
  initialState: (): CartState => ({
    items: readJson('local', STORAGE_KEYS.cart, isCartItemList) ?? [],
    giftCard: readJson('local', STORAGE_KEYS.giftCard, isGiftCard),
  }),
  reducers: {
    cartEmptied: emptyCart,
    /** Adds an offer variant; one already in the cart is not added twice (an order takes it once). */
    itemAdded(state, action: PayloadAction<CartItem>) {
      const attributeId = action.payload.attributes.id;
      if (!state.items.some((item) => item.attributes.id === attributeId)) {
        state.items.push(action.payload);
      }
    },
  },
  extraReducers: (builder) => {
    builder.addCase(currencyChanged, emptyCart);
  },
});

export const { cartEmptied, itemAdded } = cartSlice.actions;

export const selectCartCount = (state: StateWithCart) =>
  state.cart.items.length + (state.cart.giftCard === null ? 0 : 1);

export const selectIsInCart = (state: StateWithCart, attributeId: number) =>
  state.cart.items.some((item) => item.attributes.id === attributeId);
