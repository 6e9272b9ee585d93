import { useLocation } from 'react-router';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { NotFoundView } from '@/components/status/NotFoundView';
import type { LoginPageState } from '@/features/accounts';

/**
 * What a failed access check shows: the not-found page, so a visitor learns nothing about what
 * exists behind it; one who is signed out is offered to log in, which leads back here.
 */
export default function AccessDenied({ isSignedIn }: { isSignedIn: boolean }) {
  const { pathname, search, hash } = useLocation();
  const loginState: LoginPageState = { from: `${pathname}${search}${hash}` };
  return (
    <NotFoundView
      message={`Page Not Found: ${pathname}`}
      action={
        isSignedIn ? undefined : (
          <ButtonLink to="/login" state={loginState} variant="contained">
            Log in
          </ButtonLink>
        )
      }
    />
  );
}
