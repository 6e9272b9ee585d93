import type { HTMLAttributes, ReactNode, Ref } from 'react';
import {
  CheckCircleOutlinedIcon,
  ErrorOutlineIcon,
  InfoOutlinedIcon,
  WarningAmberOutlinedIcon,
} from './icons';
import './controls.css';

export type Severity = 'info' | 'success' | 'warning' | 'error';

const ICONS: Record<Severity, () => ReactNode> = {
  info: InfoOutlinedIcon,
  success: CheckCircleOutlinedIcon,
  warning: WarningAmberOutlinedIcon,
  error: ErrorOutlineIcon,
};

interface AlertProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  severity?: Severity;
  /** A heading above the message. */
  title?: ReactNode;
  /** At the end, e.g. "Try again". */
  action?: ReactNode;
  /** In place of the severity's icon, e.g. a spinner while something is waited for. */
  icon?: ReactNode;
  ref?: Ref<HTMLDivElement>;
}

/** A message in the page's flow, in the colours of its severity; role "alert" unless told. */
export function Alert({
  severity = 'info',
  title,
  action,
  icon,
  className,
  children,
  ...props
}: AlertProps) {
  const Icon = ICONS[severity];
  const classes = ['alert', severity === 'info' ? '' : `alert--${severity}`, className];
  return (
    <div role="alert" className={classes.filter(Boolean).join(' ')} {...props}>
      <div className="alert__icon">{icon ?? <Icon />}</div>
      <div className="alert__message">
        {title !== undefined && <div className="alert__title">{title}</div>}
        {children}
      </div>
      {action !== undefined && <div className="alert__action">{action}</div>}
    </div>
  );
}
