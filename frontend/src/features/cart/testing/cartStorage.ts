import type { Currency } from '@/config/constants';
import { makeOffer, SEEDS } from '@/features/gallery/testing/catalogueServer';
import type { CartItem } from '@/types/cart';

/** The 4K size of a seeded offer (ids 1 to 3) as the picture page puts it into the cart. */
export function cartItem(offerId: number, currency: Currency = 'EUR'): CartItem {
  const seed = SEEDS.find((candidate) => candidate.id === offerId);
  if (seed === undefined) throw new Error(`No seeded offer ${offerId}`);
  const offer = makeOffer(seed, currency);
  const attribute = offer.attributes[1];
  if (attribute === undefined) throw new Error('The seeded offer has no 4K size');
  return {
    offerId: offer.id,
    urlName: offer.urlName,
    title: offer.title,
    thumbnail: offer.thumbnail,
    attributes: { ...attribute },
  };
}

/** Leaves a cart in local storage the way the app saves it, in `currency`. */
export function storeCart(
  items: CartItem[],
  giftCardAmount: string | null = null,
  currency: Currency = 'EUR',
): void {
  window.localStorage.setItem('currency', currency);
  if (items.length > 0) window.localStorage.setItem('cart', JSON.stringify(items));
  if (giftCardAmount !== null) {
    window.localStorage.setItem(
      'gift-card',
      JSON.stringify({ offerId: -1, offerAttributeId: -1, amount: giftCardAmount, currency }),
    );
  }
}

export function storedCart(): unknown {
  return JSON.parse(window.localStorage.getItem('cart') ?? 'null');
}

export function storedGiftCard(): unknown {
  return JSON.parse(window.localStorage.getItem('gift-card') ?? 'null');
}
