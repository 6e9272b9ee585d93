import { FormErrorAlert, Messages } from '@/components/form/FormErrorAlert';
import { RetryAlert } from '@/components/RetryAlert';
import { serverMessages } from './serverMessages';

/**
 * A failed call in the back office: the server's own reasons, which every staff answer carries
 * (else SPEC.md section 8's message), with "Try again" when there is something to retry.
 */
export function ServerErrorAlert({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const messages = serverMessages(error);
  if (onRetry === undefined) return <FormErrorAlert messages={messages} />;
  return (
    <RetryAlert className="mb-2" onRetry={onRetry}>
      <Messages messages={messages} />
    </RetryAlert>
  );
}
