import { useId, useState } from 'react';
import { CountedTextField } from '@/components/form/CountedTextField';
import { Alert } from '@/components/ui/Alert';
import { SelectField, TextField } from '@/components/ui/fields';
import { AccountForm, SubmitButton } from '@/components/form/AccountForm';
import { useAccountForm } from '@/components/form/useAccountForm';
import { useCreateTicketMutation } from '../api/supportApi';
import {
  DESCRIPTION_MAX_LENGTH,
  DESCRIPTION_MIN_LENGTH,
  NAME_MAX_LENGTH,
  TICKET_TYPE_LABELS,
  TICKET_TYPES,
  type CreatedTicket,
  type TicketType,
} from '../types';

/** Who writes: filled in from the profile of a signed-in customer. */
export interface Sender {
  email: string;
  name: string;
}

const DEFAULT_TYPE: TicketType = 'General';

/** A created ticket and the address its confirmation went to. */
interface Sent {
  ticket: CreatedTicket;
  email: string;
}

/**
 * The support form (POST /api/support/create-ticket). Field messages stand under the fields,
 * general ones in an alert at the top of the form; after sending, the reference is shown and the
 * form starts over.
 */
export function TicketForm({ sender }: { sender: Sender }) {
  const form = useAccountForm({
    email: sender.email,
    name: sender.name,
    supportTicketType: DEFAULT_TYPE,
    description: '',
  });
  const [createTicket, { isLoading }] = useCreateTicketMutation();
  const [sent, setSent] = useState<Sent | null>(null);
  const sentTitleId = useId();

  const submit = async () => {
    setSent(null);
    const supportTicketType =
      TICKET_TYPES.find((type) => type === form.values.supportTicketType) ?? DEFAULT_TYPE;
    try {
      const ticket = await createTicket({ ...form.values, supportTicketType }).unwrap();
      setSent({ ticket, email: form.values.email.trim() });
      form.reset();
    } catch (error) {
      form.showErrors(error);
    }
  };

  return (
    <>
      {sent !== null && (
        <Alert
          severity="success"
          role="status"
          aria-labelledby={sentTitleId}
          className="mb-3"
          title={<span id={sentTitleId}>Thank you, we have your message</span>}
        >
          Your ticket reference is <strong>{sent.ticket.reference}</strong>. We have sent a
          confirmation to {sent.email}.
        </Alert>
      )}
      <AccountForm label="Contact support" form={form} onSubmit={submit}>
        <TextField label="E-mail" type="email" autoComplete="email" {...form.textField('email')} />
        <TextField
          label="Name"
          autoComplete="name"
          maxLength={NAME_MAX_LENGTH}
          {...form.textField('name')}
        />
        <SelectField label="What is it about?" {...form.textField('supportTicketType')}>
          {TICKET_TYPES.map((type) => (
            <option key={type} value={type}>
              {TICKET_TYPE_LABELS[type]}
            </option>
          ))}
        </SelectField>
        <CountedTextField
          label="Message"
          multiline
          minRows={6}
          hint={`At least ${DESCRIPTION_MIN_LENGTH} characters.`}
          maxLength={DESCRIPTION_MAX_LENGTH}
          {...form.textField('description')}
        />
        <SubmitButton loading={isLoading}>Send</SubmitButton>
      </AccountForm>
    </>
  );
}
