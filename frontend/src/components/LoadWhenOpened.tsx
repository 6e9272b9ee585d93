import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders `children` (typically a React.lazy menu, drawer or dialog) from the first time `open`
 * is true on, and keeps it mounted afterwards so that its closing transition still plays. Until
 * then its code is not even downloaded.
 */
export function LoadWhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened && !open) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
