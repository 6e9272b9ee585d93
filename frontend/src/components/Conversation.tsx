import { useState } from 'react';
import { formatDateTime } from '@/lib/format/date';
import { FormErrorAlert } from '@/components/form/FormErrorAlert';
import { Button } from '@/components/ui/Button';
import { Check } from '@/components/ui/choices';
import { TextField } from '@/components/ui/fields';
import { toFormErrors } from '@/lib/api/formErrors';
import './Conversation.css';

/** A message of a support ticket, as the shop and the back office both show it. */
export interface ConversationMessage {
  id: number;
  at: string;
  author: 'customer' | 'staff';
  body: string;
  /** A note staff keep for each other (the back office only). */
  internal?: boolean;
  /** Who wrote it, when the reader may know (the back office). */
  by?: string;
}

/** The conversation of a ticket, oldest first; notes set apart and labelled. */
export function Conversation({
  messages,
  customerLabel,
  staffLabel,
}: {
  messages: readonly ConversationMessage[];
  customerLabel: string;
  staffLabel: string;
}) {
  return (
    <ol className="conversation" aria-label="Conversation">
      {messages.map((message) => {
        const kind = message.internal === true ? 'note' : message.author;
        const who =
          message.internal === true
            ? 'Internal note'
            : message.author === 'customer'
              ? customerLabel
              : staffLabel;
        return (
          <li key={message.id} className={`conversation__message conversation__message--${kind}`}>
            <p className="conversation__meta">
              <strong>{who}</strong>
              {message.by !== undefined && <span> · {message.by}</span>}
              <span>
                {' '}
                · <time dateTime={message.at}>{formatDateTime(message.at)}</time>
              </span>
            </p>
            <p className="conversation__body">{message.body}</p>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The reply box under a conversation: the text and, for staff, the "Internal note" checkbox. The
 * server's refusals show above it; the text is cleared once it is sent.
 */
export function ReplyForm({
  onSend,
  busy,
  allowNote = false,
}: {
  onSend: (reply: { body: string; internal: boolean }) => Promise<unknown>;
  busy: boolean;
  allowNote?: boolean;
}) {
  const [body, setBody] = useState('');
  const [internal, setInternal] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);
  return (
    <form
      className="reply-form"
      aria-label="Write an answer"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setMessages([]);
        onSend({ body, internal }).then(
          () => {
            setBody('');
            setInternal(false);
          },
          (error: unknown) => {
            const { generalMessages, fieldErrors } = toFormErrors(error);
            setMessages([...generalMessages, ...Object.values(fieldErrors).flat()]);
          },
        );
      }}
    >
      <FormErrorAlert messages={messages} />
      <TextField
        label={internal ? 'Note' : 'Reply'}
        multiline
        minRows={4}
        maxLength={5000}
        value={body}
        onChange={(event) => setBody(event.target.value)}
      />
      {allowNote && (
        <Check
          label="Internal note"
          message="Kept for staff: never shown or mailed to the customer."
          checked={internal}
          onChange={setInternal}
        />
      )}
      <Button type="submit" variant="contained" loading={busy}>
        {internal ? 'Add note' : 'Send'}
      </Button>
    </form>
  );
}
