import { useEffect, useState } from 'react';
import { PAYMENT_FOLLOW_LIMIT_MS, PAYMENT_POLL_INTERVAL_MS } from '@/config/constants';
import type { PaymentStatus } from '@/types/payment';

/**
 * The polling interval for a payment the customer came back from: every PAYMENT_POLL_INTERVAL_MS
 * while it is pending (or not loaded yet), for at most PAYMENT_FOLLOW_LIMIT_MS; then `gaveUp`.
 * Pass `follow` false to ask only once (a cancelled payment, say).
 */
export function usePaymentPolling(status: PaymentStatus | undefined, follow: boolean) {
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!follow) return;
    const timer = window.setTimeout(() => setGaveUp(true), PAYMENT_FOLLOW_LIMIT_MS);
    return () => window.clearTimeout(timer);
  }, [follow]);
  const pending = status === undefined || status === 'Pending';
  return {
    pollingInterval: follow && pending && !gaveUp ? PAYMENT_POLL_INTERVAL_MS : 0,
    gaveUp: follow && pending && gaveUp,
  };
}
