import { useEffect, type ReactNode } from 'react';
import { ErrorBoundary } from './ErrorBoundary';
import { Button } from './ui/Button';
import './ui/controls.css';

/**
 * Around one part of a page (a list, a summary): when it fails, the rest of the page stays usable
 * and the part says so in its place, with Try again.
 */
export function WidgetErrorBoundary({ what, children }: { what: string; children: ReactNode }) {
  return (
    <ErrorBoundary
      fallback={(error, retry) => <WidgetFailed what={what} error={error} retry={retry} />}
    >
      {children}
    </ErrorBoundary>
  );
}

function WidgetFailed({ what, error, retry }: { what: string; error: unknown; retry: () => void }) {
  useEffect(() => console.error(`${what} failed`, error), [what, error]);
  return (
    <div role="alert" className="alert alert--error">
      <div className="alert__message">
        {what} could not be shown.{' '}
        <Button size="medium" onClick={retry}>
          Try again
        </Button>
      </div>
    </div>
  );
}
