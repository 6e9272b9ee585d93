import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import { Button } from '@/components/ui/Button';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { fatalErrorHandled, useFatalError } from '@/lib/browser/fatalErrors';
import { isChunkLoadError, reloadOnce } from '@/lib/browser/reloadGuard';
import { usePageTitle } from '@/hooks/usePageTitle';
import { api } from '@/lib/api/api';
import { useAppDispatch } from '../hooks';
import { ERROR_PATH } from '../paths';
import './layout.css';

/**
 * Around the whole layout: what the frame itself (header, footer) throws while rendering, and the
 * fatal errors thrown outside rendering (lib/browser/fatalErrors.ts), send the visitor to the
 * error page through 'Redirecting...' (SPEC.md section 2). A code chunk missing after a deploy is
 * fixed by one guarded reload instead.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const fatal = useFatalError();
  if (fatal !== null) return <RouteErrorFallback error={fatal.error} />;
  return (
    <ErrorBoundary resetKey={pathname} fallback={(error) => <RouteErrorFallback error={error} />}>
      {children}
    </ErrorBoundary>
  );
}

function RouteErrorFallback({ error }: { error: unknown }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const failedOnErrorPage = pathname === ERROR_PATH;

  useEffect(() => {
    console.error('Application error', error);
    if (isChunkLoadError(error) && reloadOnce()) return;
    // The error page itself failing must not bounce back to itself.
    if (!failedOnErrorPage) {
      void navigate(ERROR_PATH, { replace: true });
      fatalErrorHandled();
    }
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

/**
 * Around the page inside the layout: a page that fails while rendering says so in its place, with
 * Try again, and the header, the footer and the cart stay. A new address renders pages again.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      resetKey={pathname}
      fallback={(error, retry) => <PageFailed error={error} retry={retry} />}
    >
      {children}
    </ErrorBoundary>
  );
}

function PageFailed({ error, retry }: { error: unknown; retry: () => void }) {
  usePageTitle('Something went wrong');
  const dispatch = useAppDispatch();
  useEffect(() => {
    console.error('Page error', error);
    if (isChunkLoadError(error)) reloadOnce();
  }, [error]);
  return (
    <div className="container container--sm page page-failed">
      <h1 className="type-h4 type-gutter-bottom page__title" tabIndex={-1}>
        This page could not be shown
      </h1>
      <p>Something went wrong on our side. Trying again often helps.</p>
      <div className="page-failed__actions">
        <Button
          variant="contained"
          onClick={() => {
            // What the page was drawn from may be what broke it: it is asked for again.
            dispatch(api.util.resetApiState());
            retry();
          }}
        >
          Try again
        </Button>
        <ButtonLink to="/">Go to the home page</ButtonLink>
      </div>
    </div>
  );
}
