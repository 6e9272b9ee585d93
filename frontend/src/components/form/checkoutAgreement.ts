import { localValidationError, type ApiError } from '@/lib/api/apiError';

/**
 * What a payment form shows instead of sending when the agreement (`CheckoutAgreement`) is not
 * given: checked before asking the server, in the words of the checkbox (the server's message
 * names the documents otherwise). Null when it is given.
 */
export function missingCheckoutAgreement(agreed: boolean): ApiError | null {
  if (agreed) return null;
  return localValidationError({
    agreedToPP_TOS: ['Please agree to the privacy policy and the terms and conditions.'],
  });
}
