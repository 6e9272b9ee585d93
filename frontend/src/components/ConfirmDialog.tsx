import type { ReactNode } from 'react';
import { Button } from './ui/Button';
import { Dialog } from './ui/Dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** The button that does it, in words of what it does ("Change and empty the cart"). */
  confirmLabel: string;
  /** The way out that changes nothing; Escape does the same. */
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before something that cannot be taken back, in the kit's dialog. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      actions={
        <>
          {/* The safe choice first: it has the focus when the dialog opens. */}
          <Button onClick={onCancel}>{cancelLabel}</Button>
          <Button variant="contained" onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
