import { Alert } from '@/components/ui/Alert';

/** One message as it is, several as a list. */
export function Messages({ messages }: { messages: readonly string[] }) {
  if (messages.length === 1) return messages[0];
  return (
    <ul>
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

/**
 * The general messages of a refused form (SPEC.md section 8: the empty-key entry, 'Too many
 * requests.', 'An error has occurred.'), shown at the top of the form until the next attempt.
 */
export function FormErrorAlert({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <Alert severity="error">
      <Messages messages={messages} />
    </Alert>
  );
}
