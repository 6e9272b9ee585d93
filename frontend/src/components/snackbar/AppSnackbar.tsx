import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useDispatch, useSelector } from 'react-redux';
import { SNACKBAR_TIMEOUT_MS } from '@/config/constants';
import { messageDismissed, selectSnackbar, type StateWithSnackbar } from './snackbarSlice';

/** Shows the latest general message for SNACKBAR_TIMEOUT_MS; dispatch `messageShown` to use it. */
export function AppSnackbar() {
  const { current, open } = useSelector((state: StateWithSnackbar) => selectSnackbar(state));
  const dispatch = useDispatch();
  if (current === null) return null;
  const close = (_event?: unknown, reason?: string) => {
    // A click elsewhere on the page should not hide a message the user may not have read yet.
    if (reason === 'clickaway') return;
    dispatch(messageDismissed());
  };
  return (
    <Snackbar
      // A new message restarts the timer.
      key={current.id}
      open={open}
      autoHideDuration={SNACKBAR_TIMEOUT_MS}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert onClose={close} severity={current.severity} variant="filled" sx={{ width: '100%' }}>
        {current.text}
      </Alert>
    </Snackbar>
  );
}
