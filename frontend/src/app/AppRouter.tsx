import { useLayoutEffect, useState, useTransition, type ReactNode } from 'react';
import { Router } from 'react-router';
import { NavigationPending } from '@/hooks/useNavigationPending';
import type { AppHistory } from './routerHistory';

/**
 * React Router's declarative router (the data router weighs twice as much in the first script),
 * rendering each new address in a transition as <BrowserRouter> does, and telling the pages
 * whether that transition is still waiting for the next page's code.
 */
export function AppRouter({ history, children }: { history: AppHistory; children: ReactNode }) {
  const [shown, setShown] = useState({ action: history.action, location: history.location });
  const [pending, startTransition] = useTransition();
  useLayoutEffect(
    () =>
      history.listen(({ action, location }) =>
        startTransition(() => setShown({ action, location })),
      ),
    [history],
  );
  return (
    <NavigationPending value={pending}>
      <Router location={shown.location} navigationType={shown.action} navigator={history}>
        {children}
      </Router>
    </NavigationPending>
  );
}
