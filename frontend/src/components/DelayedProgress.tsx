import { Suspense, useEffect, useState } from 'react';
import { themedLazy } from '@/components/theme/themedLazy';
import { ASYNC_COMPONENT_DELAY_MS } from '@/config/constants';

// Only a slow load ever shows the bar: its code stays out of the first script.
const LinearProgress = themedLazy(() => import('@mui/material/LinearProgress'));

/** A progress bar that appears only when loading takes longer than ASYNC_COMPONENT_DELAY_MS. */
export function DelayedProgress({ label = 'Loading' }: { label?: string }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(true), ASYNC_COMPONENT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <Suspense fallback={null}>
      <LinearProgress
        aria-label={label}
        sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 'overlay' }}
      />
    </Suspense>
  );
}
