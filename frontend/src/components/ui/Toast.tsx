import { useEffect, useState, type ReactNode } from 'react';
import type { Severity } from './Alert';
import { CloseIcon } from './icons';
import './overlays.css';

interface ToastProps {
  severity: Severity;
  /** How long it stays, in ms; the time stops while the pointer or the focus is on it. */
  duration: number;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A short message at the bottom of the window that goes away by itself: announced at once (an
 * alert) to screen readers, closed with its button, and kept while the user points at it or has
 * the focus in it, so that nobody loses a message they are reading. Key it by message: a new one
 * restarts the time.
 */
export function Toast({ severity, duration, onClose, children }: ToastProps) {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (held) return;
    const timer = window.setTimeout(onClose, duration);
    return () => window.clearTimeout(timer);
  }, [held, duration, onClose]);
  return (
    <div
      className="toast-region"
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <div role="alert" className={`toast toast--${severity}`}>
        <div className="toast__message">{children}</div>
        <button
          type="button"
          className="icon-button toast__close"
          aria-label="Close"
          onClick={onClose}
        >
          <CloseIcon />
        </button>
      </div>
    </div>
  );
}
