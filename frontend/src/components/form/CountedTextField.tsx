import Box from '@mui/material/Box';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';

type CountedTextFieldProps = Omit<TextFieldProps, 'value' | 'helperText' | 'slotProps'> & {
  value: string;
  /** The field's message, if it has one; the hint stands in its place otherwise. */
  helperText?: string | undefined;
  hint: string;
  maxLength: number;
};

/** A text field with a length limit, bound like any other (`{...form.textField(name)}`). */
export function CountedTextField({
  value,
  helperText,
  hint,
  maxLength,
  ...props
}: CountedTextFieldProps) {
  return (
    <TextField
      {...props}
      value={value}
      slotProps={{ htmlInput: { maxLength } }}
      helperText={
        <CountedHelperText text={helperText ?? hint} length={value.length} maxLength={maxLength} />
      }
    />
  );
}

/**
 * Its message on the left and "n / max" on the right, so that the count stays in view while the
 * server's message is shown.
 */
function CountedHelperText({
  text,
  length,
  maxLength,
}: {
  text: ReactNode;
  length: number;
  maxLength: number;
}) {
  return (
    <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <span>{text}</span>{' '}
      <Box component="span" sx={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
        {length} / {maxLength}
      </Box>
    </Box>
  );
}
