import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Page } from '@/components/Page';

/** Where a session that could not be renewed ends up, with the reason as `?reason=`. */
export default function NotLoggedInPage() {
  const [searchParams] = useSearchParams();
  const reason = searchParams.get('reason') ?? 'You are not logged in.';
  return (
    <Page title="Not logged in" maxWidth="sm">
      <Typography sx={{ mb: 3 }}>{reason}</Typography>
      <Button component={RouterLink} to="/login" variant="contained">
        Log in
      </Button>
    </Page>
  );
}
