import { Outlet, useLocation } from 'react-router';
import { NotFoundView } from '@/components/status/NotFoundView';
import { selectIsSignedIn } from '@/lib/session/sessionSlice';
import { useAppSelector } from '../hooks';
import { resolveAccessCheck, type AccessCheckName } from './accessChecks';

/**
 * Renders the child routes when the named check passes. A failed check answers like a missing
 * page, so a visitor learns nothing about what exists behind it.
 */
export function AccessGate({ check }: { check: AccessCheckName }) {
  const isSignedIn = useAppSelector(selectIsSignedIn);
  const { pathname } = useLocation();
  const allowed = resolveAccessCheck(check)({ isSignedIn });
  return allowed ? <Outlet /> : <NotFoundView message={`Page Not Found: ${pathname}`} />;
}
