export interface ButtonLook {
  variant?: 'text' | 'outlined' | 'contained';
  color?: 'primary' | 'secondary' | 'inherit';
  size?: 'small' | 'medium' | 'large';
}

/** The classes that draw a link or a button as the kit's Button with the same props. */
export function buttonClass({
  variant = 'text',
  color = 'primary',
  size = 'medium',
}: ButtonLook = {}) {
  return [
    'button',
    variant === 'text' ? '' : `button--${variant}`,
    color === 'primary' ? '' : `button--${color}`,
    size === 'medium' ? '' : `button--${size}`,
  ]
    .filter(Boolean)
    .join(' ');
}
