import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { selectIsSignedIn } from '@/lib/session/sessionSlice';
import { useAppSelector } from '../hooks';
import { themedLazy } from '@/components/theme/themedLazy';
import { resolveAccessCheck, type AccessCheckName } from './accessChecks';

// Drawn with MUI like the other pages: loaded when a check first fails.
const AccessDenied = themedLazy(() => import('./AccessDenied'));

/**
 * Renders the child routes when the named check passes; AccessDenied answers a failed one.
 */
export function AccessGate({ check }: { check: AccessCheckName }) {
  const isSignedIn = useAppSelector(selectIsSignedIn);
  const allowed = resolveAccessCheck(check)({ isSignedIn });
  if (allowed) return <Outlet />;
  return (
    // The header and footer stay while it loads.
    <Suspense fallback={null}>
      <AccessDenied check={check} />
    </Suspense>
  );
}
