import type { UnknownAction } from '@reduxjs/toolkit';
import { useCallback, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router';
import { useAppDispatch } from '@/app/hooks';

interface PendingChange {
  action: UnknownAction;
  leaving: Location;
}

/**
 * Goes to another page and signs in or out once that page is rendered. Changing the session first
 * would make the access checks judge the page being left with the new session and show
 * 'Page Not Found' (for /login once signed in, for /account-settings once signed out) until the
 * router, which renders pages in a transition, has caught up.
 *
 * The change is dispatched in the commit that shows the next page, before the browser paints it:
 * from the layout effect of a component that stays (the header's account menu), or from the
 * clean-up of one that leaves with its page (the log-in page).
 */
export function useSessionTransition() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const pending = useRef<PendingChange | null>(null);
  const unmounted = useRef(false);

  const dispatchPending = useCallback(() => {
    const change = pending.current;
    pending.current = null;
    if (change !== null) dispatch(change.action);
  }, [dispatch]);

  // A component that stays: the next page is in place once the location has changed.
  useLayoutEffect(() => {
    if (pending.current !== null && pending.current.leaving !== location) dispatchPending();
  }, [location, dispatchPending]);

  // A component that leaves with its page.
  useLayoutEffect(() => {
    unmounted.current = false;
    return () => {
      unmounted.current = true;
      dispatchPending();
    };
  }, [dispatchPending]);

  return useCallback(
    async (to: string, sessionChange: UnknownAction, { replace = false } = {}) => {
      // The visitor went elsewhere while the call ran: change the session, stay where they are.
      if (unmounted.current) {
        dispatch(sessionChange);
        return;
      }
      pending.current = { action: sessionChange, leaving: location };
      await navigate(to, { replace });
    },
    [navigate, dispatch, location],
  );
}
