import { createSlice } from '@reduxjs/toolkit';
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
  },
  extraReducers: (builder) => {
    builder.addCase(currencyChanged, emptyCart);
  },
});

export const { cartEmptied } = cartSlice.actions;

export const selectCartCount = (state: StateWithCart) =>
  state.cart.items.length + (state.cart.giftCard === null ? 0 : 1);
