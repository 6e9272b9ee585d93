import { Link, type LinkProps } from 'react-router';
import { buttonClass, type ButtonLook } from './buttonClass';

/** A link to a page of the shop that looks like the kit's Button. */
export function ButtonLink({
  variant,
  color,
  size,
  ...link
}: Omit<LinkProps, 'className'> & ButtonLook) {
  return <Link className={buttonClass({ variant, color, size })} {...link} />;
}
