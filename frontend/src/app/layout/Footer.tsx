import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { consentSettingsOpened } from '@/lib/consent/consentSlice';
import { useAppDispatch } from '../hooks';
import { LEGAL_LINKS } from './navigation';

export function Footer() {
  const dispatch = useAppDispatch();
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 3, mt: 'auto' }}>
      <Container maxWidth="lg">
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 1, sm: 3 }}
          sx={{ alignItems: { sm: 'center' } }}
        >
          <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
            © {new Date().getFullYear()} Artshop
          </Typography>
          <Box
            component="nav"
            aria-label="Legal"
            sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}
          >
            {LEGAL_LINKS.map((link) => (
              <Link key={link.to} component={RouterLink} to={link.to} variant="body2">
                {link.label}
              </Link>
            ))}
            <Link component={RouterLink} to="/contact" variant="body2">
              Contact
            </Link>
            {/* Changes the cookie choice made in the banner (SPEC.md section 3). */}
            <Link
              component="button"
              type="button"
              variant="body2"
              onClick={() => dispatch(consentSettingsOpened())}
            >
              Cookie settings
            </Link>
          </Box>
        </Stack>
      </Container>
    </Box>
  );
}
