import { TextField } from '@/components/ui/fields';
import type { ComponentProps } from 'react';

type CountedTextFieldProps = Omit<ComponentProps<typeof TextField>, 'helperText' | 'maxLength'> & {
  /** The field's message, if it has one; the hint stands in its place otherwise. */
  helperText?: string | undefined;
  hint: string;
  maxLength: number;
};

/**
 * A text field with a length limit, bound like any other (`{...form.textField(name)}`). Its
 * message on the left and "n / max" on the right, so that the count stays in view while the
 * server's message is shown.
 */
export function CountedTextField({ helperText, hint, maxLength, ...props }: CountedTextFieldProps) {
  return (
    <TextField
      {...props}
      maxLength={maxLength}
      helperText={
        <span className="counted-helper">
          <span>{helperText ?? hint}</span>{' '}
          <span className="counted-helper__count">
            {props.value.length} / {maxLength}
          </span>
        </span>
      }
    />
  );
}
