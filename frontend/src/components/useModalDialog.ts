import { useLayoutEffect, useRef } from 'react';

/**
 * Opens a <dialog> as the browser's modal while `open` (it keeps the focus inside, closes on
 * Escape, makes the page behind inert) and closes it before it leaves the page, so that the
 * browser gives the focus back to what opened it. Browsers without modal dialogs (and jsdom) get
 * an open, non-modal one.
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!open || dialog === null) return;
    if (typeof dialog.showModal !== 'function') {
      dialog.setAttribute('open', '');
      return;
    }
    if (!dialog.open) dialog.showModal();
    return () => dialog.close();
  }, [open]);
  return ref;
}
