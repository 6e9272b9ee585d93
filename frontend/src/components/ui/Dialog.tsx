import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import './overlays.css';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** Names the dialog: its heading. */
  title: ReactNode;
  /** The heading is read but not shown (a full-screen viewer shows it in its own bar). */
  titleHidden?: boolean;
  /** The buttons at the bottom. */
  actions?: ReactNode;
  /** A centred box (default), the whole window, a sheet from the left edge or one from the bottom. */
  variant?: 'centred' | 'full-screen' | 'sheet' | 'bottom-sheet';
  /** After it has closed and given the focus back to its opener (which may have gone meanwhile). */
  onClosed?: () => void;
  onKeyDown?: (event: KeyboardEvent) => void;
  children: ReactNode;
}

/**
 * A modal dialog (Radix): the focus moves in and stays inside until it closes, Escape and a click
 * outside close it, the rest of the page is hidden from assistive technology, and the focus goes
 * back to what opened it.
 */
export function Dialog({
  open,
  onClose,
  title,
  titleHidden = false,
  actions,
  variant = 'centred',
  onClosed,
  onKeyDown,
  children,
}: DialogProps) {
  // Opened from script, not from a Radix trigger: the element to give the focus back to is the
  // one that had it when the dialog opened.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => next || onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-scrim" />
        <RadixDialog.Content
          className={`dialog dialog--${variant}`}
          // No description element: the content describes itself.
          aria-describedby={undefined}
          onKeyDown={onKeyDown}
          onOpenAutoFocus={() => {
            opener.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener.current?.isConnected === true) opener.current.focus();
            onClosed?.();
          }}
        >
          <RadixDialog.Title className={titleHidden ? 'visually-hidden' : 'dialog__title type-h6'}>
            {title}
          </RadixDialog.Title>
          <div className="dialog__content">{children}</div>
          {actions !== undefined && <div className="dialog__actions">{actions}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
