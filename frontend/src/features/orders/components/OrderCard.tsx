import { useEffect, useId, useRef } from 'react';
import { PricedLine } from '@/components/PricedLine';
import { Stack } from '@/components/ui/Stack';
import { formatDateTime } from '@/lib/format/date';
import { describeNamedSize } from '@/lib/format/size';
import { formatMoney } from '@/lib/money/money';
import type { Order } from '@/types/order';
import type { PaymentStatus } from '@/types/payment';
import { GiftCardNumber } from './GiftCardNumber';
import './orders.css';

/**
 * What each payment state means to the customer. A payment cancelled on the provider's page leaves
 * the order Pending on the server until it expires: to the customer it is simply not paid.
 */
const STATUS_LABELS: Record<PaymentStatus, string> = {
  Pending: 'Not paid yet',
  Paid: 'Paid',
  Failed: 'Failed',
  Expired: 'Expired',
};

/** Not paid yet is dark amber on light amber (controls.css), which small text reads at 9.1:1. */
const STATUS_BADGES: Record<PaymentStatus, string> = {
  Pending: 'badge badge--warning',
  Paid: 'badge badge--success',
  Failed: 'badge badge--error',
  Expired: 'badge',
};

/** What a refund of the order means to the customer; nothing while none was made. */
function refundLabel(order: Order): string | null {
  switch (order.refundStatus) {
    case 'Refunded':
      return 'Refunded';
    case 'PartlyRefunded':
      return `Partly refunded · ${order.refunded.amount} ${order.refunded.currency}`;
    default:
      return null;
  }
}

interface OrderCardProps {
  order: Order;
  /** The order the customer came back to from the payment page: marked and scrolled to. */
  highlighted?: boolean;
}

/** One order: its date, status, bought sizes, gift cards and total. */
export function OrderCard({ order, highlighted = false }: OrderCardProps) {
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView({ block: 'center' });
  }, [highlighted]);

  return (
    <article
      ref={ref}
      aria-labelledby={headingId}
      aria-current={highlighted ? 'true' : undefined}
      className={highlighted ? 'card card--padded order-card--highlighted' : 'card card--padded'}
    >
      <Stack direction="responsive" gap={1} justify="space-between" className="order-card__head">
        <div>
          <h2 className="type-h6" id={headingId}>
            Order #{order.id}
          </h2>
          <p className="type-body2 text-secondary">
            {formatDateTime(order.createdAt)} · Reference {order.reference}
          </p>
        </div>
        <Stack direction="row" gap={1}>
          <span className={STATUS_BADGES[order.status]}>{STATUS_LABELS[order.status]}</span>
          {refundLabel(order) !== null && <span className="badge">{refundLabel(order)}</span>}
        </Stack>
      </Stack>
      <ul className="plain-list mt-2">
        {order.lines.map((line) => (
          <PricedLine
            key={line.offerAttributeId}
            title={line.title}
            detail={describeNamedSize(line.sizeName, line.longEdge, line.licence)}
            price={formatMoney(line.price)}
          />
        ))}
        {order.giftCards.map((giftCard, index) => (
          <PricedLine
            key={giftCard.number ?? `gift-card-${index}`}
            title="Gift card"
            detail={
              giftCard.number === null ? (
                'Its number appears here once the order is paid.'
              ) : (
                <GiftCardNumber number={giftCard.number} />
              )
            }
            price={formatMoney(giftCard.amount)}
          />
        ))}
      </ul>
      <Stack direction="row" justify="space-between" align="baseline" className="order-card__foot">
        <p className="type-body2 text-secondary">
          {order.payByBalance ? 'Paid from your balance' : 'Payment by card'}
        </p>
        <p className="type-body1 order-card__total">Total {formatMoney(order.total)}</p>
      </Stack>
    </article>
  );
}
