import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { isChunkLoadError, reloadOnce } from '@/lib/browser/reloadGuard';
import { ERROR_PATH } from '../paths';

/**
 * Catches whatever a page throws. A code chunk missing after a deploy is fixed by one guarded
 * reload; anything else sends the visitor to the error page.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
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
      <Typography sx={{ p: 4 }}>
        Something went wrong. <a href="/">Go to the home page</a>
      </Typography>
    );
  }
  return <Typography sx={{ p: 4 }}>Redirecting...</Typography>;
}
