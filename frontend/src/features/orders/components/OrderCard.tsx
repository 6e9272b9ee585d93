import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef } from 'react';
import { PricedLine } from '@/components/PricedLine';
import { formatDateTime } from '@/lib/format/date';
import { describeNamedSize } from '@/lib/format/size';
import { formatMoney } from '@/lib/money/money';
import type { Order } from '@/types/order';
import type { PaymentStatus } from '@/types/payment';
import { GiftCardNumber } from './GiftCardNumber';

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

/**
 * The chip's colours. Not paid yet is dark text on a light amber: white on MUI's warning orange
 * reads at 3.1:1, under the 4.5:1 small text needs.
 */
const STATUS_LOOKS: Record<
  PaymentStatus,
  { color: ChipProps['color']; text?: string; bg?: string }
> = {
  Pending: { color: 'default', bg: '#fff4e5', text: '#663c00' },
  Paid: { color: 'success' },
  Failed: { color: 'error' },
  Expired: { color: 'default' },
};

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
    <Paper
      ref={ref}
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      aria-current={highlighted ? 'true' : undefined}
      sx={{
        p: { xs: 2, sm: 3 },
        borderColor: highlighted ? 'primary.main' : undefined,
        borderWidth: highlighted ? 2 : undefined,
      }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
      >
        <Box>
          <Typography variant="h6" component="h2" id={headingId}>
            Order #{order.id}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {formatDateTime(order.createdAt)} · Reference {order.reference}
          </Typography>
        </Box>
        <Chip
          label={STATUS_LABELS[order.status]}
          color={STATUS_LOOKS[order.status].color}
          size="small"
          sx={{
            alignSelf: { xs: 'flex-start', sm: 'center' },
            bgcolor: STATUS_LOOKS[order.status].bg,
            color: STATUS_LOOKS[order.status].text,
          }}
        />
      </Stack>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }}>
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
      </Box>
      <Divider sx={{ my: 1.5 }} />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography variant="body2" color="textSecondary">
          {order.payByBalance ? 'Paid from your balance' : 'Payment by card'}
        </Typography>
        <Typography sx={{ fontWeight: 700 }}>Total {formatMoney(order.total)}</Typography>
      </Stack>
    </Paper>
  );
}
