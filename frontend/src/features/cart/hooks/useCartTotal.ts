import { useAppSelector } from '@/app/hooks';
import type { Currency } from '@/config/constants';
import { parseAmount, sumMoney } from '@/lib/money/money';
import { selectCurrency } from '@/lib/preferences/preferencesSlice';
import { selectCart } from '@/lib/cart/cartSlice';

/**
 * The cart's total in the display currency, added up in whole minor units. Every price in the cart
 * is in that currency: changing it empties the cart.
 */
export function useCartTotal() {
  const { items, giftCard } = useAppSelector(selectCart);
  const currency = useAppSelector(selectCurrency);
  const amounts: { minorUnits: number | bigint; currency: Currency }[] = items.map(
    (item) => item.attributes.price,
  );
  if (giftCard !== null) {
    const parsed = parseAmount(giftCard.amount, giftCard.currency);
    if ('minorUnits' in parsed) {
      amounts.push({ minorUnits: parsed.minorUnits, currency: giftCard.currency });
    }
  }
  return sumMoney(amounts, currency);
}
