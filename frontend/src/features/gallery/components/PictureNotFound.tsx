import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { usePageTitle } from '@/hooks/usePageTitle';
import { GALLERY_PATH } from '../paths';

export function PictureNotFound({ urlName }: { urlName: string }) {
  usePageTitle('Picture not found');
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 }, textAlign: 'center' }}>
      <Typography variant="h2" component="p" color="text.secondary" aria-hidden="true">
        404
      </Typography>
      <Typography variant="h5" component="h1" gutterBottom>
        Picture not found
      </Typography>
      <Typography color="text.secondary">
        There is no picture at “{urlName}”. It may have been sold or taken down.
      </Typography>
      <Button component={RouterLink} to={GALLERY_PATH} variant="contained" sx={{ mt: 3 }}>
        Browse the gallery
      </Button>
    </Container>
  );
}
