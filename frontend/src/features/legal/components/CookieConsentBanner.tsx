import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { focusPageHeading } from '@/lib/browser/focus';
import { consentChoice, OPTIONAL_CONSENT_CATEGORIES } from '@/lib/consent/consent';
import {
  consentChosen,
  consentSettingsOpened,
  selectConsentChoice,
} from '@/lib/consent/consentSlice';

/**
 * Asks once which cookie categories the visitor allows (SPEC.md section 3); until then only what
 * is essential is stored. The footer's "Cookie settings" changes the choice later.
 */
export function CookieConsentBanner() {
  const choice = useAppSelector(selectConsentChoice);
  const dispatch = useAppDispatch();
  if (choice !== null) return null;

  // The banner and the button that had the focus go away: the page takes the focus.
  const decide = (granted: typeof OPTIONAL_CONSENT_CATEGORIES) => {
    dispatch(consentChosen(consentChoice(granted)));
    focusPageHeading();
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
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', md: 'center' }, maxWidth: 'lg', mx: 'auto' }}
      >
        <Typography variant="body2" sx={{ flex: 1 }}>
          Artshop keeps your sign-in, cart and currency in your browser because the shop needs them.
          With your consent it also remembers your language. No tracking or advertising. Details are
          in our{' '}
          <Link component={RouterLink} to="/privacy-policy#storage">
            privacy policy
          </Link>
          .
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          <Button variant="outlined" onClick={() => dispatch(consentSettingsOpened())}>
            Choose
          </Button>
          <Button variant="outlined" onClick={() => decide([])}>
            Reject all
          </Button>
          <Button variant="contained" onClick={() => decide(OPTIONAL_CONSENT_CATEGORIES)}>
            Accept all
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
