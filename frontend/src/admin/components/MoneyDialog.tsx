import { useState, type ReactNode } from 'react';
import type { FormFrame } from '@/components/form/useAccountForm';
import { newIdempotencyKey } from '@/lib/api/idempotency';
import { toFormErrors } from '@/lib/api/formErrors';
import { ActionDialog } from './ActionDialog';

interface MoneyDialogProps {
  /** Names what it acts on: "Refund order 42", "Adjust the balance of ann@example.com". */
  title: string;
  onClose: () => void;
  /** The form's state from useAccountForm. */
  form: FormFrame & { showErrors: (error: unknown) => void };
  /**
   * Checks the fields and answers the sentence the confirmation states ("Refund 12.50 EUR to
   * ..."), or null when something is wrong (the form then shows what).
   */
  review: () => string | null;
  /** The button of the confirmation, in words of what it does ("Refund"). */
  confirmLabel: string;
  /** Makes the call with the dialog's key; rejects with the server's refusal. */
  send: (idempotencyKey: string) => Promise<unknown>;
  busy: boolean;
  /** The fields of the first step. */
  children: ReactNode;
}

/**
 * Every money action of the back office in two steps: the fields, then a confirmation that states
 * the amount and where it goes, with the button that does it. One Idempotency-Key per opening of
 * the dialog: a second press after a lost answer, or after going back to mend a refused field,
 * is the same request to the server, never a second refund or credit. A refusal about a field
 * goes back to the fields and shows it there; any other (a limit, a lost answer) stays on the
 * confirmation, which can be pressed again.
 */
export function MoneyDialog({
  title,
  onClose,
  form,
  review,
  confirmLabel,
  send,
  busy,
  children,
}: MoneyDialogProps) {
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [confirmation, setConfirmation] = useState<string | null>(null);
  if (confirmation === null) {
    return (
      <ActionDialog
        title={title}
        onClose={onClose}
        confirmLabel="Continue"
        onConfirm={() => setConfirmation(review())}
        busy={false}
        form={form}
      >
        {children}
      </ActionDialog>
    );
  }
  const confirm = async () => {
    try {
      await send(idempotencyKey);
      onClose();
    } catch (error) {
      form.showErrors(error);
      if (Object.keys(toFormErrors(error).fieldErrors).length > 0) setConfirmation(null);
    }
  };
  return (
    <ActionDialog
      title={title}
      onClose={onClose}
      confirmLabel={confirmLabel}
      onConfirm={confirm}
      busy={busy}
      form={form}
      cancel={{ label: 'Back', onClick: () => setConfirmation(null) }}
    >
      <p className="type-subtitle1">{confirmation}</p>
    </ActionDialog>
  );
}
