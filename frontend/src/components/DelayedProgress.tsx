import { useEffect, useState } from 'react';
import { ASYNC_COMPONENT_DELAY_MS } from '@/config/constants';
import './DelayedProgress.css';

/** An indeterminate progress bar, at the top of the window or (`inline`) where it stands. */
export function ProgressBar({ label, inline = false }: { label: string; inline?: boolean }) {
  return (
    <span
      role="progressbar"
      aria-label={label}
      className={inline ? 'progress progress--inline' : 'progress'}
    >
      <span className="progress__bar progress__bar--1" />
      <span className="progress__bar progress__bar--2" />
    </span>
  );
}

/** A progress bar that appears only when loading takes longer than ASYNC_COMPONENT_DELAY_MS. */
export function DelayedProgress({ label = 'Loading' }: { label?: string }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(true), ASYNC_COMPONENT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return <ProgressBar label={label} />;
}
