import { isApiError } from './apiError';

/** The header of DESIGN.md section 6: a replay with the same key answers the first answer. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A random (version 4) UUID. */
export function newIdempotencyKey(): string {
  if (window.isSecureContext) return crypto.randomUUID();
  // randomUUID exists only in secure contexts; a shop served over plain http on a local network
  // still needs keys. getRandomValues works everywhere.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    hex.slice(12, 16),
    hex.slice(16, 20),
    hex.slice(20),
  ].join('-');
}

/** Statuses after which the server may have done the work, or may still be doing it. */
const UNSETTLED_STATUSES: ReadonlySet<number> = new Set([408, 409, 425]);

/**
 * Whether a failed call leaves its outcome unknown: no answer at all, an answer that could not be
 * read, or a fault on the server's side. Its retry must carry the same key.
 */
export function outcomeUnknown(error: unknown): boolean {
  if (!isApiError(error)) return true;
  const { status } = error;
  return typeof status !== 'number' || status >= 500 || UNSETTLED_STATUSES.has(status);
}
