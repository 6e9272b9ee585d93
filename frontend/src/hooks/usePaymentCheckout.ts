import { useState } from 'react';
import { pageLocation } from '@/lib/browser/pageLocation';
import { useIdempotencyKey } from './useIdempotencyKey';

interface CheckoutAttempt<Result> {
  /** What is being paid, for the log: 'Order', 'Deposit'. */
  label: string;
  /** The payload without the browser info: sending the same again is the same attempt. */
  payload: unknown;
  /** Runs once the agreement is given, before the call (saving the billing address). */
  prepare?: () => Promise<void>;
  /** Makes the call with the attempt's Idempotency-Key. */
  send: (idempotencyKey: string) => Promise<Result>;
  /** Runs on success, before the customer is sent to the payment page. */
  onSuccess?: (result: Result) => void;
}

/**
 * An order or deposit call that may lead to the payment provider (SPEC.md section 4): on success
 * the payment link is kept and followed; on failure it is cleared and the failure is logged (and
 * thrown on, for the form to show). One Idempotency-Key per attempt.
 */
export function usePaymentCheckout() {
  const idempotency = useIdempotencyKey();
  const [paymentLink, setPaymentLink] = useState<string | null>(null);

  async function checkout<Result extends { paymentLink: string | null }>({
    label,
    payload,
    prepare,
    send,
    onSuccess,
  }: CheckoutAttempt<Result>): Promise<Result> {
    await prepare?.();
    const key = idempotency.keyFor(payload);
    let result: Result;
    try {
      result = await send(key);
    } catch (error) {
      idempotency.finished(error);
      setPaymentLink(null);
      console.error(`${label} failed`, error);
      throw error;
    }
    idempotency.finished();
    setPaymentLink(result.paymentLink);
    onSuccess?.(result);
    if (result.paymentLink !== null) pageLocation.assign(result.paymentLink);
    return result;
  }

  /** While set, the browser is on its way to the payment page: the form stays disabled. */
  return { checkout, paymentLink };
}
