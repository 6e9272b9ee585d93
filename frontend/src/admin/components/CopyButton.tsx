import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { ContentCopyIcon } from '@/components/ui/icons';

interface CopyButtonProps {
  text: string;
  /** The button's words, e.g. "Copy the link". */
  label: string;
}

/** Copies `text` and says whether it worked, in a live region beside the button. */
export function CopyButton({ text, label }: CopyButtonProps) {
  const [outcome, setOutcome] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setOutcome('Copied.');
    } catch {
      // No clipboard outside secure contexts: the text is selectable by one click instead.
      setOutcome('Copying failed: select the text and copy it.');
    }
  };
  return (
    <span className="admin-copy">
      <Button
        variant="outlined"
        size="small"
        startIcon={<ContentCopyIcon />}
        onClick={() => void copy()}
      >
        {label}
      </Button>
      <span role="status" className="text-secondary">
        {outcome}
      </span>
    </span>
  );
}
