import { isApiError } from '@/lib/api/apiError';
import { RetryAlert } from './RetryAlert';

/** A failed load: the message of SPEC.md section 8, the server's reasons, and a retry. */
export function QueryErrorAlert({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = isApiError(error) ? error.message : 'An error has occurred.';
  const reasons = isApiError(error)
    ? [...error.generalMessages, ...Object.values(error.fieldErrors).flat()]
    : [];
  return (
    <RetryAlert className="mb-2" onRetry={onRetry}>
      {message}
      {reasons.length > 0 && (
        <ul>
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
    </RetryAlert>
  );
}
