import type { CartState } from '@/lib/cart/cartSlice';

/** Why each signed-in page asks a visitor to log in: what it shows once they have. */
const SHOWN_AFTER_LOGIN: Record<string, string> = {
  '/cart': 'your cart and check out',
  '/order-history': 'your orders',
  '/balance': 'your balance',
  '/artworks': 'the pictures you bought',
  '/account-settings': 'your account settings',
  '/billing-information': 'your billing information',
  '/support-requests': 'your support requests',
};

/** "Log in to see your cart and check out", for the heading of the sign-in prompt. */
export function signInHeading(pathname: string): string {
  const page = pathname.replace(/\/+$/, '').toLowerCase();
  return `Log in to see ${SHOWN_AFTER_LOGIN[page] ?? 'this page'}`;
}

/**
 * "1 picture", "2 pictures and a gift card", "a gift card"; null for an empty cart. A visitor who
 * filled a cart is told it waits for them, so that logging in does not look like losing it.
 */
export function describeCart({ items, giftCard }: CartState): string | null {
  const parts: string[] = [];
  if (items.length > 0) {
    parts.push(`${items.length} ${items.length === 1 ? 'picture' : 'pictures'}`);
  }
  if (giftCard !== null) parts.push('a gift card');
  return parts.length === 0 ? null : parts.join(' and ');
}
