import type { Currency } from '@/config/constants';
import type { Money } from './money';
import type { PaymentStatus } from './payment';

/** One bought size of a picture, priced by the server. */
export interface OrderLine {
  offerId: number;
  offerAttributeId: number;
  title: string;
  sizeName: string;
  longEdge: number;
  licence: string;
  price: Money;
}

/** A gift card bought with an order; its number exists once the order is paid. */
export interface OrderGiftCard {
  amount: Money;
  number: string | null;
}

/** How much of an order the shop gave back, counting refunds pending and succeeded. */
export type RefundStatus = 'None' | 'PartlyRefunded' | 'Refunded';

/** An order as GET /api/orders answers it. */
export interface Order {
  id: number;
  reference: string;
  status: PaymentStatus;
  currency: Currency;
  total: Money;
  refundStatus: RefundStatus;
  /** What was given back, in the order's currency. */
  refunded: Money;
  payByBalance: boolean;
  createdAt: string;
  expiresAt: string;
  settledAt: string | null;
  firstName: string;
  lastName: string;
  lines: OrderLine[];
  giftCards: OrderGiftCard[];
}
