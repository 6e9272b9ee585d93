import { RetryAlert } from '@/components/RetryAlert';
import { Section } from '@/components/Section';
import { Skeleton } from '@/components/ui/Skeleton';
import { formatMoney } from '@/lib/money/money';
import { useBalance } from '../hooks/useBalance';

/** The balance in the display currency (converted and rounded down by the server). */
export function BalanceSummary() {
  const { balance, isLoading, isError, isFetching, refetch } = useBalance();
  return (
    <Section title="Your balance">
      {isLoading && <Skeleton variant="text" width={160} style={{ fontSize: '3rem' }} />}
      {balance !== undefined && <p className="type-h3 text-strong">{formatMoney(balance)}</p>}
      {isError && <p className="type-h3 text-secondary">Unavailable</p>}
      {isError && (
        <RetryAlert retrying={isFetching} onRetry={() => void refetch()}>
          Your balance could not be loaded.
        </RetryAlert>
      )}
      <p className="type-body2 text-secondary mt-1">
        Pay for pictures and generated images from it: switch on “Pay from my balance” when you
        check out.
      </p>
    </Section>
  );
}
