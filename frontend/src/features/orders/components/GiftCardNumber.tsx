import { useAppDispatch } from '@/app/hooks';
import { messageShown } from '@/components/snackbar/snackbarSlice';
import { IconButton } from '@/components/ui/IconButton';
import { ContentCopyIcon } from '@/components/ui/icons';

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
    <span className="gift-card-number">
      <code className="code">{number}</code>
      <IconButton
        className="icon-button--small"
        aria-label={`Copy gift card number ${number}`}
        onClick={() => void copy()}
      >
        <ContentCopyIcon />
      </IconButton>
    </span>
  );
}
