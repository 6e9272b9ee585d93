import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { readItem, STORAGE_KEYS, writeItem } from '@/lib/storage/storage';

/**
 * The shop only stores what it needs to work, so there is nothing to opt out of; the banner tells
 * visitors so once and remembers that they saw it (`accepted-privacy`).
 */
export function CookieConsentBanner() {
  const [accepted, setAccepted] = useState(
    () => readItem('local', STORAGE_KEYS.acceptedPrivacy) === 'true',
  );
  if (accepted) return null;

  const accept = () => {
    writeItem('local', STORAGE_KEYS.acceptedPrivacy, 'true');
    setAccepted(true);
  };

  return (
    <Paper
      role="region"
      aria-label="Cookies and storage"
      elevation={6}
      square
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        p: 2,
        zIndex: 'appBar',
      }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' }, maxWidth: 'lg', mx: 'auto' }}
      >
        <Typography variant="body2" sx={{ flex: 1 }}>
          Artshop uses one language cookie and your browser&apos;s storage for your cart, currency
          and sign-in. No tracking or advertising. Details are in our{' '}
          <Link component={RouterLink} to="/privacy-policy#storage">
            privacy policy
          </Link>
          .
        </Typography>
        <Button variant="contained" onClick={accept}>
          Accept
        </Button>
      </Stack>
    </Paper>
  );
}
