import Button from '@mui/material/Button';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { NotFoundView } from '@/components/status/NotFoundView';
import type { LoginPageState } from '@/features/accounts';
import { selectIsSignedIn } from '@/lib/session/sessionSlice';
import { useAppSelector } from '../hooks';
import { resolveAccessCheck, type AccessCheckName } from './accessChecks';

/**
 * Renders the child routes when the named check passes. A failed check answers like a missing
 * page, so a visitor learns nothing about what exists behind it; one who is signed out is offered
 * to log in, which leads back here.
 */
export function AccessGate({ check }: { check: AccessCheckName }) {
  const isSignedIn = useAppSelector(selectIsSignedIn);
  const { pathname, search, hash } = useLocation();
  const allowed = resolveAccessCheck(check)({ isSignedIn });
  if (allowed) return <Outlet />;
  const loginState: LoginPageState = { from: `${pathname}${search}${hash}` };
  return (
    <NotFoundView
      message={`Page Not Found: ${pathname}`}
      action={
        isSignedIn ? undefined : (
          <Button component={RouterLink} to="/login" state={loginState} variant="contained">
            Log in
          </Button>
        )
      }
    />
  );
}
