import { useId, type ReactNode } from 'react';
import { FormErrorAlert } from '@/components/form/FormErrorAlert';
import type { FormFrame } from '@/components/form/useAccountForm';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Stack } from '@/components/ui/Stack';

interface ActionDialogProps {
  /** Names what it acts on: the member, the customer, the order. */
  title: string;
  onClose: () => void;
  /** The button that does it, in words of what it does ("Suspend"). */
  confirmLabel: string;
  onConfirm: () => void | Promise<void>;
  busy: boolean;
  /** The form's state from useAccountForm: the server's general messages stand above the fields. */
  form: FormFrame;
  /** Set once it is done: what to show instead of the question, with "Done". */
  done?: ReactNode;
  confirmDisabled?: boolean;
  /** The way out, first and focused: "Cancel" (closes) unless told, e.g. "Back" to a first step. */
  cancel?: { label: string; onClick: () => void };
  children: ReactNode;
}

/**
 * A question before a change made from the back office, in the kit's dialog: the way out first
 * (it has the focus), the refusals of the server inside, and what came of it (a set-up link) in
 * place of the question.
 */
export function ActionDialog({
  title,
  onClose,
  confirmLabel,
  onConfirm,
  busy,
  form: { formRef, generalMessages, clearGeneralMessages },
  done,
  confirmDisabled = false,
  cancel = { label: 'Cancel', onClick: onClose },
  children,
}: ActionDialogProps) {
  const formId = useId();
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      actions={
        done === undefined ? (
          <>
            <Button onClick={cancel.onClick}>{cancel.label}</Button>
            <Button
              type="submit"
              form={formId}
              variant="contained"
              loading={busy}
              disabled={confirmDisabled}
            >
              {confirmLabel}
            </Button>
          </>
        ) : (
          <Button variant="contained" onClick={onClose}>
            Done
          </Button>
        )
      }
    >
      {done ?? (
        <form
          id={formId}
          ref={formRef}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            clearGeneralMessages();
            void onConfirm();
          }}
        >
          <Stack gap={2}>
            <FormErrorAlert messages={generalMessages} />
            {children}
          </Stack>
        </form>
      )}
    </Dialog>
  );
}
