import { useState } from 'react';
import { CHECKOUT_AGREEMENT_MISSING } from '@/components/form/AgreementCheckbox';
import { localValidationError } from '@/lib/api/apiError';
import { pageLocation } from '@/lib/browser/pageLocation';
import { useIdempotencyKey } from './useIdempotencyKey';

interface CheckoutAttempt<Result> {
  /** What is being paid, for the log: 'Order', 'Deposit'. */
  label: string;
  /** The payload without the browser info: sending the same again is the same attempt. */
  payload: unknown;
  /** The agreement to the policies: without it nothing is sent. */
  agreed: boolean;
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
    agreed,
    prepare,
    send,
    onSuccess,
  }: CheckoutAttempt<Result>): Promise<Result> {
    // Checked here rather than refused by the server, whose message names the documents otherwise.
    if (!agreed) throw localValidationError({ agreedToPP_TOS: [CHECKOUT_AGREEMENT_MISSING] });
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
