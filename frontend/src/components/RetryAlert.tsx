import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';

interface RetryAlertProps {
  onRetry: () => void;
  /** While the retry runs. */
  retrying?: boolean;
  className?: string;
  children: ReactNode;
}

/** Something failed to load: what, and a "Try again" button. */
export function RetryAlert({ onRetry, retrying = false, className, children }: RetryAlertProps) {
  return (
    <Alert
      severity="error"
      className={className}
      action={
        <Button color="inherit" size="small" disabled={retrying} onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
