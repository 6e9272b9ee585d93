import type { ButtonHTMLAttributes } from 'react';

interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** What the button does, for assistive technology and as its tooltip. */
  'aria-label': string;
}

/** A round button showing only an icon; its label is also its tooltip. */
export function IconButton({ className, type = 'button', ...button }: IconButtonProps) {
  return (
    <button
      type={type}
      title={button['aria-label']}
      className={className === undefined ? 'icon-button' : `icon-button ${className}`}
      {...button}
    />
  );
}
