import { ERROR_MESSAGES, isApiError, type FieldErrors } from './apiError';

export interface FormErrors {
  /** Shown above the form or in the snackbar. */
  generalMessages: string[];
  /** Shown under the matching input. */
  fieldErrors: FieldErrors;
}

/**
 * Turns whatever a mutation rejected with into what a form shows (SPEC.md section 8): the server's
 * field and general messages when it sent some, otherwise one message fitting the status.
 */
export function toFormErrors(error: unknown): FormErrors {
  if (isApiError(error)) {
    const hasServerMessages =
      error.generalMessages.length > 0 || Object.keys(error.fieldErrors).length > 0;
    if (hasServerMessages) {
      return { generalMessages: error.generalMessages, fieldErrors: error.fieldErrors };
    }
    if (error.status === 429) {
      return { generalMessages: [ERROR_MESSAGES.tooManyRequests], fieldErrors: {} };
    }
  }
  return { generalMessages: [ERROR_MESSAGES.generic], fieldErrors: {} };
}
