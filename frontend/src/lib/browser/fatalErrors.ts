import { useSyncExternalStore } from 'react';
import { isApiError } from '@/lib/api/apiError';
import { isChunkLoadError, reloadOnce } from './reloadGuard';

/**
 * Errors thrown outside rendering (in event handlers, timers, promises nobody awaited) that the
 * application cannot go on from. React's error boundaries never see them; the route boundary
 * (app/layout/RouteErrorBoundary.tsx) shows 'Redirecting...' and goes to /error for them too
 * (SPEC.md section 2).
 */
let fatal: { error: unknown } | null = null;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

export function reportFatalError(error: unknown): void {
  console.error('Fatal application error', error);
  fatal = { error };
  notify();
}

/** Called once the error page is on its way: a later error counts again. */
export function fatalErrorHandled(): void {
  fatal = null;
  notify();
}

export function useFatalError(): { error: unknown } | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => fatal,
  );
}

/**
 * Which uncaught errors are fatal. Not: an API call's error (the page that made the call shows
 * it, or it does not matter), a cancelled request, a failed image or script of another origin
 * (a browser extension), the browser's ResizeObserver notice. A missing code chunk of an older
 * build reloads the page once instead.
 */
export function isFatal(error: unknown): boolean {
  if (error === undefined || error === null) return false;
  if (isApiError(error)) return false;
  if (error instanceof DOMException && error.name === 'AbortError') return false;
  if (isChunkLoadError(error)) return !reloadOnce();
  return true;
}

/** Listens for uncaught errors and rejections on `target` (the window). */
export function watchForFatalErrors(target: Window = window): () => void {
  const onError = (event: Event) => {
    // Failed <img> or <script> loads arrive as plain events (only when listening in the capture
    // phase); a script error carries an ErrorEvent.
    if (!(event instanceof ErrorEvent)) return;
    // Another origin's script (an extension): no details, and not ours to handle.
    if (event.error === undefined || event.error === null) return;
    if (event.filename !== '' && !event.filename.startsWith(target.location.origin)) return;
    if (isFatal(event.error)) reportFatalError(event.error);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isFatal(event.reason)) reportFatalError(event.reason);
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
