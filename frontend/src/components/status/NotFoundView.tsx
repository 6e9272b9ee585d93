import type { ReactNode } from 'react';
import { StatusView } from './StatusView';

/** Shown with status-404 wording both for unknown paths and for pages the visitor may not open. */
export function NotFoundView({ message, action }: { message: string; action?: ReactNode }) {
  return <StatusView code="404" title="Page not found" message={message} action={action} />;
}
