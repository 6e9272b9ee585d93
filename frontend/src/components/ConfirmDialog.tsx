import { useId, type ReactNode } from 'react';
import { Button } from './plain/Button';
import { useModalDialog } from './useModalDialog';
import './ConfirmDialog.css';

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

/**
 * Asks before something that cannot be taken back. The browser's own modal <dialog>: it keeps the
 * focus inside, closes on Escape and gives the focus back to what opened it, with no library.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const modal = useModalDialog(open, onCancel);
  const titleId = useId();
  const bodyId = useId();

  if (!open) return null;

  return (
    <dialog
      {...modal}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
    >
      <h2 id={titleId} className="confirm-dialog__title">
        {title}
      </h2>
      <div id={bodyId} className="confirm-dialog__body">
        {children}
      </div>
      <div className="confirm-dialog__actions">
        {/* The safe choice first: the browser focuses it when the dialog opens. */}
        <Button onClick={onCancel}>{cancelLabel}</Button>
        <Button variant="contained" onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
