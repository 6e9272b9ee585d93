import { useEffect, useState } from 'react';
import { ASYNC_COMPONENT_DELAY_MS } from '@/config/constants';
import './DelayedProgress.css';

/**
 * A progress bar that appears only when loading takes longer than ASYNC_COMPONENT_DELAY_MS: MUI's
 * indeterminate LinearProgress in plain CSS, so that a slow first page (often the gallery or a
 * picture, whose first screens are plain) does not load MUI only to show it.
 */
export function DelayedProgress({ label = 'Loading' }: { label?: string }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(true), ASYNC_COMPONENT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <span role="progressbar" aria-label={label} className="progress">
      <span className="progress__bar progress__bar--1" />
      <span className="progress__bar progress__bar--2" />
    </span>
  );
}
