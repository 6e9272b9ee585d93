import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isNewerBuildDeployed } from '@/lib/browser/buildWatcher';
import { reloadOnce } from '@/lib/browser/reloadGuard';
import { logoutReasonShown, selectPendingLogoutReason } from '@/lib/session/sessionSlice';
import { useAppDispatch, useAppSelector } from '../hooks';
import { NOT_LOGGED_IN_PATH } from '../paths';

/** A new page starts at its top; an address with a #hash starts at that anchor. */
export function useScrollOnNavigation(): void {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    const anchor =
      hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (anchor !== null) anchor.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);
}

/** After a session could not be renewed, the visitor is told so on the not-logged-in page. */
export function useLogoutRedirect(): void {
  const reason = useAppSelector(selectPendingLogoutReason);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  useEffect(() => {
    if (reason === null) return;
    dispatch(logoutReasonShown());
    void navigate(`${NOT_LOGGED_IN_PATH}?${new URLSearchParams({ reason }).toString()}`);
  }, [reason, dispatch, navigate]);
}

/**
 * Once a newer build is deployed, the next page change loads it from the server instead of
 * rendering with the old code; reloading at once could throw away what the user was typing.
 */
export function useReloadOnNewerBuild(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (isNewerBuildDeployed()) reloadOnce();
  }, [pathname]);
}
