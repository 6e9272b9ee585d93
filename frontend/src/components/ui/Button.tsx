import { useId, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { buttonClass, type ButtonLook } from './buttonClass';

interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color'>, ButtonLook {
  /** An icon before the label. */
  startIcon?: ReactNode;
  /** Busy with what it started: disabled, with a spinner over its label. */
  loading?: boolean;
}

/** The shop's button: text, outlined or contained; a spinner over its label while `loading`. */
export function Button({
  variant,
  color,
  size,
  startIcon,
  loading = false,
  disabled = false,
  type = 'button',
  className,
  children,
  ...button
}: ButtonProps) {
  const id = useId();
  const look = [buttonClass({ variant, color, size }), loading ? 'button--loading' : '', className]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      {...button}
      // The spinner is labelled by the button.
      id={button.id ?? id}
      type={type}
      className={look}
      disabled={disabled || loading}
    >
      {startIcon !== undefined && <span className="button__icon">{startIcon}</span>}
      {loading && (
        <span className="button__loading">
          <span role="progressbar" aria-labelledby={button.id ?? id}>
            <Spinner />
          </span>
        </span>
      )}
      {children}
    </button>
  );
}

/** A turning circle in the text's colour, for something under way. */
export function Spinner() {
  return (
    <svg className="spinner" viewBox="22 22 44 44" aria-hidden="true">
      <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
    </svg>
  );
}
