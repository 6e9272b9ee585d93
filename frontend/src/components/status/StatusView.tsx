import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { Stack } from '@/components/ui/Stack';
import { usePageTitle } from '@/hooks/usePageTitle';

interface StatusViewProps {
  /** Large code shown above the message, e.g. 404. */
  code?: string;
  title: string;
  message: ReactNode;
  /** A line under the message, e.g. why the thing asked for is not there. */
  detail?: ReactNode;
  /** Offered before the way home, e.g. logging in. */
  action?: ReactNode;
  /** False where the actions are the only ways on that make sense (logging in). */
  showHomeLink?: boolean;
}

/** The look shared by the not-found, error, sign-in and logged-out views. */
export function StatusView({
  code,
  title,
  message,
  detail,
  action,
  showHomeLink = true,
}: StatusViewProps) {
  usePageTitle(title);
  return (
    <div className="container container--sm page text-center">
      {code !== undefined && (
        <p className="type-h2 text-secondary" aria-hidden="true">
          {code}
        </p>
      )}
      <h1 className="type-h5 type-gutter-bottom page__title" tabIndex={-1}>
        {message}
      </h1>
      {detail !== undefined && <p className="type-body1 text-secondary">{detail}</p>}
      <Stack direction="row" justify="center" className="mt-3">
        {action}
        {showHomeLink && (
          <ButtonLink to="/" variant={action === undefined ? 'contained' : 'text'}>
            Go to the home page
          </ButtonLink>
        )}
      </Stack>
    </div>
  );
}
