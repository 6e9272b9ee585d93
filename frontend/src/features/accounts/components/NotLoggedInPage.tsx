import { useSearchParams } from 'react-router';
import { Page } from '@/components/Page';
import { ButtonLink } from '@/components/ui/ButtonLink';

/** Where a session that could not be renewed ends up, with the reason as `?reason=`. */
export default function NotLoggedInPage() {
  const [searchParams] = useSearchParams();
  const reason = searchParams.get('reason') ?? 'You are not logged in.';
  return (
    <Page title="Not logged in" maxWidth="sm">
      <p className="type-body1 mb-3">{reason}</p>
      <ButtonLink to="/login" variant="contained">
        Log in
      </ButtonLink>
    </Page>
  );
}
