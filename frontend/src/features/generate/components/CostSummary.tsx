import { Section } from '@/components/Section';
import { Alert } from '@/components/ui/Alert';
import { Skeleton } from '@/components/ui/Skeleton';
import { useBalance } from '@/features/balance';
import { formatDateTime } from '@/lib/format/date';
import { amountFromMinorUnits, formatMoney } from '@/lib/money/money';
import { useGetGenerationAllowanceQuery } from '../api/generatedImagesApi';
import type { GenerationAllowance } from '../types';

function images(count: number): string {
  return count === 1 ? '1 image' : `${count} images`;
}

/** What `count` images cost now: the free ones first, the rest at the price per image. */
function costSentence(count: number, { freeRemaining, pricePerImage }: GenerationAllowance) {
  const free = Math.min(count, freeRemaining);
  const paid = count - free;
  if (paid === 0) return `${count === 1 ? 'This image is' : `All ${count} images are`} free.`;
  const total = formatMoney({
    amount: amountFromMinorUnits(
      BigInt(paid) * BigInt(pricePerImage.minorUnits),
      pricePerImage.currency,
    ),
    currency: pricePerImage.currency,
  });
  const freePart = free === 0 ? '' : `${images(free)} free, `;
  return `${freePart}${images(paid)} at ${formatMoney(pricePerImage)}: ${total} from your balance.`;
}

/** Before generating: the free images left today, the price of the rest and the balance. */
export function CostSummary({ count }: { count: number }) {
  const allowance = useGetGenerationAllowanceQuery(undefined);
  const { balance, isError: balanceFailed } = useBalance();
  return (
    <Section title="What it costs">
      {allowance.isLoading && <Skeleton variant="text" width="80%" />}
      {allowance.isError && (
        <Alert severity="error">Your free images for today could not be loaded.</Alert>
      )}
      {allowance.data !== undefined && (
        <>
          <p className="type-body1">
            Free images left today: {allowance.data.freeRemaining} of {allowance.data.freePerDay}
          </p>
          <p className="type-body1 text-strong mt-1 mb-1">{costSentence(count, allowance.data)}</p>
          <p className="type-body2 text-secondary">
            New free images from {formatDateTime(allowance.data.resetsAt)}.
          </p>
        </>
      )}
      <p className="type-body1 mt-1">
        Your balance:{' '}
        {balance !== undefined ? formatMoney(balance) : balanceFailed ? 'unavailable' : '…'}
      </p>
    </Section>
  );
}
