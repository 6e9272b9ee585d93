import type { Billing } from '@/types/billing';
import type { GiftCardState, OrderRow, RefundState } from '../api/types';

const REFUND_LABELS: Record<OrderRow['refundStatus'], string | null> = {
  None: null,
  PartlyRefunded: 'Partly refunded',
  Refunded: 'Refunded',
};

/** An order's status with its refund status: "Paid", "Paid · Partly refunded". */
export function orderStatusText({
  status,
  refundStatus,
}: Pick<OrderRow, 'status' | 'refundStatus'>) {
  const refund = REFUND_LABELS[refundStatus];
  return refund === null ? status : `${status} · ${refund}`;
}

export const GIFT_CARD_STATE_LABELS: Record<GiftCardState, string> = {
  unpaid: 'Unpaid',
  active: 'Active',
  redeemed: 'Redeemed',
  voided: 'Void',
};

export const REFUND_STATE_LABELS: Record<RefundState, string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

/** Who paid how: "Sandbox", "Stripe", "Balance". */
export const PROVIDER_LABELS: Record<OrderRow['provider'], string> = {
  sandbox: 'Sandbox',
  stripe: 'Stripe',
  balance: 'Balance',
};

/** The billing address as named values. */
export function billingFacts(billing: Billing) {
  return [
    ['Country', billing.country],
    ['State', billing.state === '' ? '–' : billing.state],
    ['City', billing.city],
    ['Address', billing.address1],
    ['ZIP or postal code', billing.zipCode],
  ] as const;
}

/** The columns of GiftCardCells, in order. */
export const GIFT_CARD_COLUMNS = [
  'Number',
  'Value',
  'Bought for',
  'State',
  'Order',
  'Buyer',
  'Recipient',
  'Issued',
  'Issued by',
] as const;

/** The columns of OrderListRow, for lists that do not order them on the server. */
export const ORDER_COLUMNS = ['Created', 'Customer', 'Status', 'Total', 'Refunded', 'Provider'];
