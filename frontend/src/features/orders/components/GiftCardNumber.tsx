import ContentCopy from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useAppDispatch } from '@/app/hooks';
import { messageShown } from '@/components/snackbar/snackbarSlice';

/** A gift card number, easy to read aloud and to copy. */
export function GiftCardNumber({ number }: { number: string }) {
  const dispatch = useAppDispatch();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(number);
      dispatch(messageShown('The gift card number has been copied.', 'success'));
    } catch {
      // No clipboard outside secure contexts: the number is selectable by one click instead.
      dispatch(messageShown('Copying failed: select the number and copy it.', 'warning'));
    }
  };
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <Box
        component="code"
        sx={{
          fontFamily: 'monospace',
          fontSize: '1rem',
          letterSpacing: '0.05em',
          userSelect: 'all',
          bgcolor: 'grey.100',
          px: 1,
          py: 0.25,
          borderRadius: 1,
        }}
      >
        {number}
      </Box>
      <Tooltip title="Copy">
        <IconButton
          size="small"
          aria-label={`Copy gift card number ${number}`}
          onClick={() => void copy()}
        >
          <ContentCopy fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
