import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { isApiError } from '@/lib/api/apiError';

/** A failed load: the message of SPEC.md section 8, the server's reasons, and a retry. */
export function QueryErrorAlert({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = isApiError(error) ? error.message : 'An error has occurred.';
  const reasons = isApiError(error)
    ? [...error.generalMessages, ...Object.values(error.fieldErrors).flat()]
    : [];
  return (
    <Alert
      severity="error"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {message}
      {reasons.length > 0 && (
        <ul style={{ margin: 0, paddingLeft: '1.25em' }}>
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
