import { useSearchParams } from 'react-router';
import { DelayedProgress } from '@/components/DelayedProgress';
import { GALLERY_PATH } from '@/features/gallery';
import { EmptyState } from '@/components/EmptyState';
import { Page } from '@/components/Page';
import { PaymentStatusAlert, type PaymentOutcomeTexts } from '@/components/PaymentStatusAlert';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Stack } from '@/components/ui/Stack';
import { idParam } from '@/lib/browser/searchParams';
import type { Order } from '@/types/order';
import { useGetOrdersInfiniteQuery } from '../api/ordersApi';
import { useFollowedOrder } from '../hooks/useFollowedOrder';
import { OrderCard } from './OrderCard';

/** What a payment's outcome means for what the order holds: pictures, a gift card or both. */
function paymentTexts(order: Order | undefined): PaymentOutcomeTexts {
  const pictures = order === undefined || order.lines.length > 0;
  const giftCard = order !== undefined && order.giftCards.length > 0;
  let paid = 'Thank you! Your pictures are ready to download under Artworks.';
  if (giftCard) {
    paid = pictures
      ? 'Thank you! Your pictures are ready to download under Artworks, and the gift card number is in the order below.'
      : 'Thank you! The gift card number is in the order below, ready to give.';
  }
  return {
    paid,
    notPaid: pictures
      ? 'Nothing was charged. The pictures are still in your cart.'
      : 'Nothing was charged.',
  };
}

function newestFirst(orders: readonly Order[]): Order[] {
  return [...orders].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
}

export default function OrderHistoryPage() {
  const [params] = useSearchParams();
  const followedId = idParam(params, 'order');
  const cancelled = params.get('cancelled') === '1';
  const followed = useFollowedOrder(followedId, cancelled);
  const orders = useGetOrdersInfiniteQuery(undefined);
  const loaded = orders.data?.pages.flatMap((page) => page.items) ?? [];

  // The followed order is asked for more often than the list: show its latest state.
  const shown = newestFirst(loaded).map((order) =>
    order.id === followed.order?.id ? followed.order : order,
  );

  return (
    <Page title="Order history" maxWidth="md">
      {followedId !== null &&
        (followed.notFound ? (
          <Alert severity="error" className="mb-3">
            Order #{followedId} was not found.
          </Alert>
        ) : (
          <PaymentStatusAlert
            status={followed.order?.status}
            cancelled={cancelled}
            gaveUp={followed.gaveUp}
            texts={paymentTexts(followed.order)}
          />
        ))}
      {orders.isLoading && <DelayedProgress label="Loading your orders" />}
      {orders.isError && (
        <QueryErrorAlert error={orders.error} onRetry={() => void orders.refetch()} />
      )}
      {orders.isSuccess && shown.length === 0 && (
        <EmptyState
          message="You have not ordered anything yet."
          action={{ to: GALLERY_PATH, label: 'Browse the gallery' }}
        />
      )}
      <Stack gap={2}>
        {shown.map((order) => (
          <OrderCard key={order.id} order={order} highlighted={order.id === followedId} />
        ))}
      </Stack>
      {orders.hasNextPage && (
        <p className="text-center mt-3">
          <Button
            variant="outlined"
            onClick={() => void orders.fetchNextPage()}
            disabled={orders.isFetching}
            loading={orders.isFetchingNextPage}
          >
            Load more orders
          </Button>
        </p>
      )}
    </Page>
  );
}
