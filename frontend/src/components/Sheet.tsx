import { useId, type ReactNode } from 'react';
import { CloseIcon } from './plain/icons';
import { useModalDialog } from './useModalDialog';
import './Sheet.css';

interface SheetProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A panel that slides up from the bottom of a phone's screen over the page: the browser's own
 * modal <dialog>, which keeps the focus inside, closes on Escape and gives the focus back.
 */
export function Sheet({ open, title, onClose, children }: SheetProps) {
  const modal = useModalDialog(open, onClose);
  const titleId = useId();

  if (!open) return null;

  return (
    <dialog
      {...modal}
      className="sheet"
      aria-labelledby={titleId}
      // A tap on the backdrop lands on the dialog itself.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="sheet__header">
        <h2 id={titleId} className="sheet__title">
          {title}
        </h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <div className="sheet__body">{children}</div>
    </dialog>
  );
}
