import { useLayoutEffect, useRef, type SyntheticEvent } from 'react';

/**
 * Opens a <dialog> as the browser's modal while `open` (it keeps the focus inside, makes the page
 * behind inert) and closes it before it leaves the page, so that the browser gives the focus back
 * to what opened it. Escape calls `onClose`, which decides. Browsers without modal dialogs (and
 * jsdom) get an open, non-modal one. Answers the props of the <dialog> element.
 */
export function useModalDialog(open: boolean, onClose: () => void) {
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
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onClose();
  };
  return { ref, onCancel };
}
