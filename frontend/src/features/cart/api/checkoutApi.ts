import type { Currency } from '@/config/constants';
import type { BillingDetails } from '@/types/billing';
import { api, ORDER_LIST_TAG } from '@/lib/api/api';
import { IDEMPOTENCY_HEADER } from '@/lib/api/idempotency';
import type { BrowserInfo } from '@/lib/browser/browserInfo';
import type { Order } from '@/types/order';

/** POST /api/orders (SPEC.md section 3). Only ids: the server prices every line itself. */
export interface OrderRequest extends BillingDetails, BrowserInfo {
  cartItems: { offerId: number; offerAttributeId: number }[];
  /** Decimal text in major units of `currency`; 0 for no gift card. */
  giftCardAmount: string | 0;
  agreedToPP_TOS: boolean;
  currency: Currency;
  payByBalance: boolean;
}

/** The payment link is null when the order was paid from the balance. */
export interface OrderPlacement {
  order: Order;
  paymentLink: string | null;
  giftCardNumbers: string[];
}

export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    placeOrder: build.mutation<OrderPlacement, { body: OrderRequest; idempotencyKey: string }>({
      query: ({ body, idempotencyKey }) => ({
        url: '/api/orders',
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
      invalidatesTags: (placed) =>
        placed === undefined ? [] : [ORDER_LIST_TAG, 'Balance', 'Artworks'],
    }),
  }),
});

export const { usePlaceOrderMutation } = checkoutApi;
