import type { ReactNode } from 'react';
import { InfoOutlinedIcon } from './icons';
import './controls.css';

/** MUI's standard info Alert, in plain markup. */
export function InfoAlert({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div role="alert" className={className === undefined ? 'alert' : `alert ${className}`}>
      <div className="alert__icon">
        <InfoOutlinedIcon />
      </div>
      <div className="alert__message">{children}</div>
    </div>
  );
}
