import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import './controls.css';

interface CheckProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'onChange' | 'className'
> {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Under the label, read as its description: a hint, or what is wrong (with `error`). */
  message?: ReactNode;
  error?: boolean;
  /** A switch: on and off take effect at once, where a checkbox is a choice in a form. */
  switch?: boolean;
}

/** A checkbox or a switch with its label and message: a native input, drawn in the shop's colours. */
export function Check({
  label,
  onChange,
  message,
  error = false,
  switch: isSwitch = false,
  ...input
}: CheckProps) {
  const messageId = useId();
  const hasMessage = message !== undefined && message !== null;
  return (
    <div>
      <label className="check">
        <input
          type="checkbox"
          role={isSwitch ? 'switch' : undefined}
          className="check__input"
          aria-invalid={error || undefined}
          aria-describedby={hasMessage ? messageId : undefined}
          onChange={(event) => onChange(event.target.checked)}
          {...input}
        />
        <span>{label}</span>
      </label>
      {hasMessage && (
        <p
          id={messageId}
          className={error ? 'check-message check-message--error' : 'check-message'}
        >
          {message}
        </p>
      )}
    </div>
  );
}
