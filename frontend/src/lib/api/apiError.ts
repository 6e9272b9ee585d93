import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** Messages of SPEC.md section 8, word for word. */
export const ERROR_MESSAGES = {
  validationFailed: 'Validation failed',
  unexpectedServerError: 'An unexpected server error occurred.',
  tooManyRequests: 'Too many requests.',
  generic: 'An error has occurred.',
  refreshTokenEmpty: 'refresh token is empty',
} as const;

export type FieldErrors = Record<string, string[]>;

/** The one error shape every endpoint reports (the base query's error type). */
export interface ApiError {
  /** HTTP status, or 'FETCH_ERROR' etc. when no usable answer arrived. */
  status: FetchBaseQueryError['status'];
  message: string;
  /** Server validation errors by payload field; the general (empty-key) entry is not in here. */
  fieldErrors: FieldErrors;
  /** Messages of the empty key of a validation answer. */
  generalMessages: string[];
}

export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status' in value &&
    'message' in value &&
    'fieldErrors' in value &&
    'generalMessages' in value
  );
}

export function apiErrorFromResponse(error: FetchBaseQueryError): ApiError {
  const status = error.status;
  if (status === 400) {
    const { fieldErrors, generalMessages } = splitValidationErrors(error.data);
    return { status, message: ERROR_MESSAGES.validationFailed, fieldErrors, generalMessages };
  }
  return {
    status,
    message: ERROR_MESSAGES.unexpectedServerError,
    fieldErrors: {},
    generalMessages: [],
  };
}

export function apiErrorWithMessage(status: ApiError['status'], message: string): ApiError {
  return { status, message, fieldErrors: {}, generalMessages: [] };
}

/** Reads `{"errors": {"field": ["..."], "": ["general"]}}` (DESIGN.md section 2), tolerating odd shapes. */
export function splitValidationErrors(body: unknown): {
  fieldErrors: FieldErrors;
  generalMessages: string[];
} {
  const fieldErrors: FieldErrors = {};
  let generalMessages: string[] = [];
  const errors = isRecord(body) ? body.errors : undefined;
  if (!isRecord(errors)) return { fieldErrors, generalMessages };
  for (const [field, value] of Object.entries(errors)) {
    const messages = toMessages(value);
    if (messages.length === 0) continue;
    if (field === '') generalMessages = messages;
    else fieldErrors[field] = messages;
  }
  return { fieldErrors, generalMessages };
}

function toMessages(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A check the form made itself before any call, shaped like the server's answer so that forms show both alike. */
export function localValidationError(fieldErrors: FieldErrors): ApiError {
  return {
    status: 400,
    message: ERROR_MESSAGES.validationFailed,
    fieldErrors,
    generalMessages: [],
  };
}
