import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { LEGAL_LINKS } from './navigation';

export function Footer() {
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
          </Box>
        </Stack>
      </Container>
    </Box>
  );
}
