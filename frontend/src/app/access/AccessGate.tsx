import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { selectIsSignedIn } from '@/lib/session/sessionSlice';
import { useAppSelector } from '../hooks';
import { resolveAccessCheck, type AccessCheckName } from './accessChecks';

// Loaded when a check first fails.
const AccessDenied = lazy(() => import('./AccessDenied'));

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
