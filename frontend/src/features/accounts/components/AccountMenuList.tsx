import type { ReactElement } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { messageShown } from '@/components/snackbar/snackbarSlice';
import { Menu, MenuItem } from '@/components/ui/Menu';
import { selectIsSignedIn, selectRefreshToken, signedOut } from '@/lib/session/sessionSlice';
import { useLogoutMutation } from '../api/accountsApi';
import { useSessionTransition } from '../hooks/useSessionTransition';
import type { LoginPageState } from '../loginPageState';

const SIGNED_IN_LINKS = [
  { to: '/account-settings', label: 'Account settings' },
  { to: '/billing-information', label: 'Billing information' },
  { to: '/artworks', label: 'Artworks' },
  { to: '/order-history', label: 'Order history' },
  { to: '/balance', label: 'Balance' },
  { to: '/support-requests', label: 'Support requests' },
] as const;

const SIGNED_OUT_LINKS = [
  { to: '/login', label: 'Log in' },
  { to: '/sign-up', label: 'Sign up' },
] as const;

interface AccountMenuListProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The account button. */
  trigger: ReactElement;
}

/** The account menu's entries, loaded when the menu is first opened. */
export function AccountMenuList({ open, onOpenChange, trigger }: AccountMenuListProps) {
  const isSignedIn = useAppSelector(selectIsSignedIn);
  const refreshToken = useAppSelector(selectRefreshToken);
  const [endLogin] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const changeSessionOnArrival = useSessionTransition();
  const { pathname, search, hash } = useLocation();

  // The login ends on the server first, so that its tokens stop working there too; the browser
  // forgets them whatever the server answered (a failed call must not keep anyone signed in).
  // Signing out clears the tokens and every cached answer (see app/persistence.ts).
  const logOut = async () => {
    await endLogin(refreshToken === null ? {} : { refreshToken })
      .unwrap()
      .catch(() => undefined);
    dispatch(messageShown('You have been logged out.', 'success'));
    await changeSessionOnArrival('/', signedOut());
  };

  // The log-in page returns here afterwards.
  const loginState: LoginPageState = { from: `${pathname}${search}${hash}` };

  const links = isSignedIn ? SIGNED_IN_LINKS : SIGNED_OUT_LINKS;
  return (
    <Menu open={open} onOpenChange={onOpenChange} trigger={trigger}>
      {links.map((link) => (
        <MenuItem key={link.to} asChild>
          <RouterLink to={link.to} state={link.to === '/login' ? loginState : undefined}>
            {link.label}
          </RouterLink>
        </MenuItem>
      ))}
      {isSignedIn && <MenuItem onSelect={() => void logOut()}>Log out</MenuItem>}
    </Menu>
  );
}
