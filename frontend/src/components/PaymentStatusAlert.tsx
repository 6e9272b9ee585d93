import { Alert, type Severity } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Button';
import type { PaymentStatus } from '@/types/payment';

export interface PaymentOutcomeTexts {
  /** Said under 'Payment received'. */
  paid: string;
  /** Said under 'Payment failed' and 'Payment cancelled'. */
  notPaid: string;
}

interface PaymentStatusAlertProps {
  /** Undefined while it is being asked for. */
  status: PaymentStatus | undefined;
  /** The customer cancelled on the payment page (`&cancelled=1` in the return address). */
  cancelled: boolean;
  /** Still pending after the time it is followed for. */
  gaveUp: boolean;
  texts: PaymentOutcomeTexts;
}

interface Shown {
  severity: Severity;
  title: string;
  text: string;
  waiting?: boolean;
}

function shownFor({ status, cancelled, gaveUp, texts }: PaymentStatusAlertProps): Shown {
  if (status === 'Paid')
    return { severity: 'success', title: 'Payment received', text: texts.paid };
  if (cancelled) return { severity: 'info', title: 'Payment cancelled', text: texts.notPaid };
  if (status === 'Failed')
    return { severity: 'error', title: 'Payment failed', text: texts.notPaid };
  if (status === 'Expired') {
    return {
      severity: 'error',
      title: 'Payment failed',
      text: `The payment was not completed in time. ${texts.notPaid}`,
    };
  }
  if (gaveUp) {
    return {
      severity: 'warning',
      title: 'Waiting for the payment…',
      text: 'This is taking longer than usual. Reload the page in a while to see whether it arrived.',
    };
  }
  return {
    severity: 'info',
    title: 'Waiting for the payment…',
    text: 'This page updates by itself as soon as the payment provider confirms it.',
    waiting: true,
  };
}

/** Where a payment the customer came back from stands, kept up to date while it is pending. */
export function PaymentStatusAlert(props: PaymentStatusAlertProps) {
  const shown = shownFor(props);
  return (
    <Alert
      // A status, not an alert: it changes by itself and must not interrupt a screen reader.
      role="status"
      severity={shown.severity}
      icon={shown.waiting === true ? <Spinner /> : undefined}
      title={shown.title}
      className="mb-3"
    >
      {shown.text}
    </Alert>
  );
}
