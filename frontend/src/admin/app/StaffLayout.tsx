import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { DelayedProgress } from '@/components/DelayedProgress';
import { Page } from '@/components/Page';
import { Button } from '@/components/ui/Button';
import { buttonClass } from '@/components/ui/buttonClass';
import { useGetStaffSessionQuery, useSignOutMutation } from '../api/sessionApi';
import { selectSessionEnd, selectStaffToken, staffSignedOut } from '../api/staffSession';
import { ROLE_LABELS, type StaffMe } from '../api/types';
import { ServerErrorAlert } from '../components/ServerErrorAlert';
import { ADMIN_HOME_PATH, screensFor, signInPath } from '../paths';
import { AdminFrame } from './AdminFrame';
import { useAdminDispatch, useAdminSelector } from '../api/hooks';

const navLinkClass = buttonClass({ color: 'inherit' });

/**
 * The pages for a signed-in member. Without a staff session (never signed in, or the server ended
 * it: a 403 "Sign in to the back office." from any call) they lead to the sign-in page, which
 * comes back here afterwards; after "Sign out" to the sign-in page alone.
 */
export function RequireStaff() {
  const token = useAdminSelector(selectStaffToken);
  const ended = useAdminSelector(selectSessionEnd);
  const { pathname, search } = useLocation();
  if (token === null) {
    return ended === 'signed-out' ? (
      <Navigate replace to={signInPath()} />
    ) : (
      <Navigate
        replace
        to={signInPath(`${pathname}${search}`)}
        state={{ sessionEnded: ended === 'by-server' }}
      />
    );
  }
  return <StaffLayout />;
}

function StaffLayout() {
  // Asked once per visit (it counts as activity); a sign-in has already filled it in.
  const session = useGetStaffSessionQuery(undefined);
  if (session.data === undefined) {
    return (
      <AdminFrame>
        {session.isError ? (
          <Page title="Back office">
            <ServerErrorAlert error={session.error} onRetry={() => void session.refetch()} />
          </Page>
        ) : (
          <DelayedProgress label="Loading the back office" />
        )}
      </AdminFrame>
    );
  }
  return (
    <AdminFrame bar={<StaffBar me={session.data.staff} />}>
      <Outlet />
    </AdminFrame>
  );
}

/** The navigation the member's role permits, who is signed in, and "Sign out". */
function StaffBar({ me }: { me: StaffMe }) {
  const dispatch = useAdminDispatch();
  const [signOut, { isLoading }] = useSignOutMutation();
  const leave = async () => {
    try {
      await signOut(undefined).unwrap();
    } catch {
      // The token is forgotten here whatever the server answered; it expires there on its own.
    }
    dispatch(staffSignedOut());
  };
  return (
    <>
      <nav aria-label="Back office" className="admin-header__nav">
        <NavLink to={ADMIN_HOME_PATH} end className={navLinkClass}>
          Home
        </NavLink>
        {screensFor(me.permissions).map((screen) => (
          <NavLink key={screen.path} to={screen.path} className={navLinkClass}>
            {screen.label}
          </NavLink>
        ))}
      </nav>
      <div className="admin-header__member">
        <span>
          {me.email} <span className="text-secondary">({ROLE_LABELS[me.role]})</span>
        </span>
        <Button variant="outlined" loading={isLoading} onClick={() => void leave()}>
          Sign out
        </Button>
      </div>
    </>
  );
}
