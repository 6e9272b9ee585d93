import { Component, useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isChunkLoadError, reloadOnce } from '@/lib/browser/reloadGuard';
import { ERROR_PATH } from '../paths';
import './layout.css';

interface CatcherProps {
  pathname: string;
  children: ReactNode;
}

interface CatcherState {
  /** The address the error was caught at: a new address renders the pages again. */
  pathname: string;
  caught: { error: unknown } | null;
}

class ErrorCatcher extends Component<CatcherProps, CatcherState> {
  override state: CatcherState = { pathname: this.props.pathname, caught: null };

  static getDerivedStateFromError(error: unknown): Partial<CatcherState> {
    return { caught: { error } };
  }

  static getDerivedStateFromProps(
    { pathname }: CatcherProps,
    state: CatcherState,
  ): Partial<CatcherState> | null {
    return pathname === state.pathname ? null : { pathname, caught: null };
  }

  override render() {
    const { caught } = this.state;
    return caught === null ? this.props.children : <RouteErrorFallback error={caught.error} />;
  }
}

/**
 * Catches whatever a page (or the layout around it) throws. A code chunk missing after a deploy
 * is fixed by one guarded reload; anything else sends the visitor to the error page.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorCatcher pathname={pathname}>{children}</ErrorCatcher>;
}

function RouteErrorFallback({ error }: { error: unknown }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const failedOnErrorPage = pathname === ERROR_PATH;

  useEffect(() => {
    console.error('Application error', error);
    if (isChunkLoadError(error) && reloadOnce()) return;
    // The error page itself failing must not bounce back to itself.
    if (!failedOnErrorPage) void navigate(ERROR_PATH, { replace: true });
  }, [error, failedOnErrorPage, navigate]);

  if (failedOnErrorPage) {
    return (
      <p className="route-error">
        Something went wrong. <a href="/">Go to the home page</a>
      </p>
    );
  }
  return <p className="route-error">Redirecting...</p>;
}
