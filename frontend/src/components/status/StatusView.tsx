import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
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
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 }, textAlign: 'center' }}>
      {code !== undefined && (
        <Typography variant="h2" component="p" color="textSecondary" aria-hidden="true">
          {code}
        </Typography>
      )}
      <Typography variant="h5" component="h1" gutterBottom>
        {message}
      </Typography>
      {detail !== undefined && <Typography color="textSecondary">{detail}</Typography>}
      <Stack
        direction="row"
        useFlexGap
        spacing={2}
        sx={{ mt: 3, justifyContent: 'center', flexWrap: 'wrap' }}
      >
        {action}
        {showHomeLink && (
          <Button
            component={RouterLink}
            to="/"
            variant={action === undefined ? 'contained' : 'text'}
          >
            Go to the home page
          </Button>
        )}
      </Stack>
    </Container>
  );
}
