import { useId, type ReactNode } from 'react';
import { FormErrorAlert } from '@/components/form/FormErrorAlert';
import type { FormFrame } from '@/components/form/useAccountForm';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Stack } from '@/components/ui/Stack';

interface StaffDialogProps {
  /** Names the member it acts on. */
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
  children: ReactNode;
}

/**
 * A question before a change to a member, in the kit's dialog: Cancel first (it has the focus),
 * the refusals of the server inside, and what came of it (a set-up link) in place of the question.
 */
export function StaffDialog({
  title,
  onClose,
  confirmLabel,
  onConfirm,
  busy,
  form: { formRef, generalMessages, clearGeneralMessages },
  done,
  confirmDisabled = false,
  children,
}: StaffDialogProps) {
  const formId = useId();
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      actions={
        done === undefined ? (
          <>
            <Button onClick={onClose}>Cancel</Button>
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
