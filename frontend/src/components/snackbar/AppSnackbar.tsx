import { useCallback } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Toast } from '@/components/ui/Toast';
import { SNACKBAR_TIMEOUT_MS } from '@/config/constants';
import { messageDismissed, selectSnackbar, type StateWithSnackbar } from './snackbarSlice';

/** Shows the latest general message for SNACKBAR_TIMEOUT_MS; dispatch `messageShown` to use it. */
export function AppSnackbar() {
  const { current, open } = useSelector((state: StateWithSnackbar) => selectSnackbar(state));
  const dispatch = useDispatch();
  const close = useCallback(() => dispatch(messageDismissed()), [dispatch]);
  if (current === null || !open) return null;
  return (
    // A new message restarts the time.
    <Toast
      key={current.id}
      severity={current.severity}
      duration={SNACKBAR_TIMEOUT_MS}
      onClose={close}
    >
      {current.text}
    </Toast>
  );
}
