import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { CategoryList, LatestOffers } from '@/features/gallery';
import { usePageTitle } from '@/hooks/usePageTitle';

const STEPS = [
  {
    title: 'Browse',
    text: 'Explore the gallery by category, style, orientation and price, shown in your currency.',
  },
  {
    title: 'Choose a size',
    text: 'Every picture comes in HD and 4K for personal use and 8K with a commercial licence.',
  },
  {
    title: 'Download',
    text: 'Your artworks stay in your account, ready to download again whenever you need them.',
  },
] as const;

export default function HomePage() {
  usePageTitle('');
  return (
    <>
      <Box
        component="section"
        aria-labelledby="hero-heading"
        sx={{
          color: 'common.white',
          background: 'linear-gradient(135deg, #231a5c 0%, #3d2c8d 45%, #c2185b 100%)',
          py: { xs: 8, md: 12 },
        }}
      >
        <Container maxWidth="md" sx={{ textAlign: 'center' }}>
          <Typography id="hero-heading" variant="h3" component="h1" gutterBottom>
            Welcome to Artshop
          </Typography>
          <Typography variant="h6" component="p" sx={{ opacity: 0.9, mb: 4 }}>
            A gallery of AI-generated art: find a picture you love, take it home in the size you
            need, or create one of your own.
          </Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'center' }}
          >
            <Button
              component={RouterLink}
              to="/gallery"
              variant="contained"
              color="secondary"
              size="large"
            >
              Browse the gallery
            </Button>
            <Button
              component={RouterLink}
              to="/generate"
              variant="outlined"
              color="inherit"
              size="large"
            >
              Generate your own
            </Button>
          </Stack>
        </Container>
      </Box>
      <Container maxWidth="lg" sx={{ pt: { xs: 5, md: 8 } }}>
        <LatestOffers />
        <Box sx={{ mt: { xs: 5, md: 8 } }}>
          <CategoryList />
        </Box>
      </Container>
      <Container
        component="section"
        aria-label="How it works"
        maxWidth="lg"
        sx={{ py: { xs: 5, md: 8 } }}
      >
        <Grid container spacing={3}>
          {STEPS.map((step) => (
            <Grid key={step.title} size={{ xs: 12, md: 4 }}>
              <Paper variant="outlined" sx={{ p: 3, height: '100%' }}>
                <Typography variant="h6" component="h2" gutterBottom>
                  {step.title}
                </Typography>
                <Typography color="text.secondary">{step.text}</Typography>
              </Paper>
            </Grid>
          ))}
        </Grid>
        <Box sx={{ textAlign: 'center', mt: 5 }}>
          <Button component={RouterLink} to="/gallery" size="large">
            See all pictures in the gallery
          </Button>
        </Box>
      </Container>
    </>
  );
}
