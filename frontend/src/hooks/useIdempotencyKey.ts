import { useMemo, useRef } from 'react';
import { newIdempotencyKey, outcomeUnknown } from '@/lib/api/idempotency';

interface Attempt {
  payload: string;
  key: string;
}

/**
 * One Idempotency-Key per checkout attempt (DESIGN.md section 6). An attempt is one payload: sent
 * again after a failure whose outcome is unknown (no answer, a server fault), it keeps its key, so
 * the server answers the first answer instead of charging twice. A success, an answer that settles
 * the attempt (a validation error, say), or a changed payload starts a new attempt.
 */
export function useIdempotencyKey() {
  const attempt = useRef<Attempt | null>(null);
  return useMemo(
    () => ({
      /** The key for sending `payload` (without the browser info, which may change in between). */
      keyFor(payload: unknown): string {
        const text = JSON.stringify(payload);
        if (attempt.current?.payload !== text) {
          attempt.current = { payload: text, key: newIdempotencyKey() };
        }
        return attempt.current.key;
      },
      /** Called with the outcome of the attempt: nothing for a success, else the error. */
      finished(error?: unknown): void {
        if (error === undefined || !outcomeUnknown(error)) attempt.current = null;
      },
    }),
    [],
  );
}
