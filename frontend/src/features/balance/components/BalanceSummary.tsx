import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Section } from '@/components/Section';
import { formatMoney } from '@/lib/money/money';
import { useBalance } from '../hooks/useBalance';

/** The balance in the display currency (converted and rounded down by the server). */
export function BalanceSummary() {
  const { balance, isLoading, isError, isFetching, refetch } = useBalance();
  return (
    <Section title="Your balance">
      {isLoading && <Skeleton variant="text" width={160} sx={{ fontSize: '3rem' }} />}
      {balance !== undefined && (
        <Typography variant="h3" component="p" sx={{ fontWeight: 600 }}>
          {formatMoney(balance)}
        </Typography>
      )}
      {isError && (
        <Typography variant="h3" component="p" color="textSecondary">
          Unavailable
        </Typography>
      )}
      {isError && (
        <Alert
          severity="error"
          action={
            <Button
              color="inherit"
              size="small"
              disabled={isFetching}
              onClick={() => void refetch()}
            >
              Try again
            </Button>
          }
        >
          Your balance could not be loaded.
        </Alert>
      )}
      <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
        Pay for pictures and generated images from it: switch on “Pay from my balance” when you
        check out.
      </Typography>
    </Section>
  );
}
