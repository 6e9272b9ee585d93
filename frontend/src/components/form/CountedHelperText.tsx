import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

interface CountedHelperTextProps {
  /** The field's message or hint. */
  text: ReactNode;
  length: number;
  maxLength: number;
}

/**
 * The helper text of a field with a length limit: its message on the left and "n / max" on the
 * right, so that the count stays in view while the server's message is shown.
 */
export function CountedHelperText({ text, length, maxLength }: CountedHelperTextProps) {
  return (
    <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <span>{text}</span>{' '}
      <Box component="span" sx={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
        {length} / {maxLength}
      </Box>
    </Box>
  );
}
