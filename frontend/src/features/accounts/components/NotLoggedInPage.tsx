import { useSearchParams } from 'react-router';
import { StatusView } from '@/components/status/StatusView';
import { ButtonLink } from '@/components/ui/ButtonLink';

/**
 * Where a session that could not be renewed ends up, with the reason as `?reason=`. Laid out like
 * the not-found and error pages: it is the same kind of stop on the way.
 */
export default function NotLoggedInPage() {
  const [searchParams] = useSearchParams();
  const reason = searchParams.get('reason') ?? 'You are not logged in.';
  return (
    <StatusView
      title="Not logged in"
      message={reason}
      action={
        <ButtonLink to="/login" variant="contained">
          Log in
        </ButtonLink>
      }
    />
  );
}
