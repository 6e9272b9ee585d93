import { useLocation } from 'react-router';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { NotFoundView } from '@/components/status/NotFoundView';
import { StatusView } from '@/components/status/StatusView';
import type { LoginPageState } from '@/features/accounts';
import { selectCart } from '@/lib/cart/cartSlice';
import { useAppSelector } from '../hooks';
import type { AccessCheckName } from './accessChecks';
import { describeCart, signInHeading } from './signInPrompt';

/**
 * What a failed access check shows. A signed-out visitor on a customer's page is asked to log in
 * (or to create an account), told why and that the cart waits, and comes back here afterwards.
 * Any other failed check (a customer opening the log-in page) answers like a missing page, so that
 * nobody learns anything about what exists behind it.
 */
export default function AccessDenied({ check }: { check: AccessCheckName }) {
  const { pathname, search, hash } = useLocation();
  if (check !== 'auth') return <NotFoundView message={`Page Not Found: ${pathname}`} />;
  return <SignInPrompt pathname={pathname} from={`${pathname}${search}${hash}`} />;
}

function SignInPrompt({ pathname, from }: { pathname: string; from: string }) {
  const cart = describeCart(useAppSelector(selectCart));
  const returnHere: LoginPageState = { from };
  const heading = signInHeading(pathname);
  return (
    <StatusView
      title={heading}
      message={`${heading}.`}
      detail={
        <>
          {cart !== null && (
            <>
              Your cart is kept: {cart}.
              <br />
            </>
          )}
          You come back to this page after logging in.
        </>
      }
      action={
        <>
          <ButtonLink to="/login" state={returnHere} variant="contained">
            Log in
          </ButtonLink>
          <ButtonLink to="/sign-up" state={returnHere} variant="outlined">
            Create an account
          </ButtonLink>
        </>
      }
      showHomeLink={false}
    />
  );
}
