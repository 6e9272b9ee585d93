import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useGetLatestOffersQuery } from '../api/catalogueApi';
import { useDisplayCurrency } from '../hooks/useDisplayCurrency';
import { GALLERY_PATH } from '../paths';
import { OfferGrid } from './OfferGrid';

const LATEST_COUNT = 12;

/** The twelve newest pictures, for the home page. */
export function LatestOffers() {
  const currency = useDisplayCurrency();
  const { currentData: offers, isFetching, isError } = useGetLatestOffersQuery(currency);
  return (
    <Box component="section" aria-labelledby="latest-heading" aria-busy={isFetching}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', mb: 2 }}>
        <Typography id="latest-heading" variant="h5" component="h2">
          Latest pictures
        </Typography>
        <Button component={RouterLink} to={GALLERY_PATH}>
          See all
        </Button>
      </Box>
      {isError ? (
        <Alert severity="warning">The latest pictures could not be loaded just now.</Alert>
      ) : (
        <OfferGrid offers={offers ?? []} skeletons={offers === undefined ? LATEST_COUNT : 0} />
      )}
      {offers?.length === 0 && (
        <Typography color="text.secondary">New pictures are on their way.</Typography>
      )}
    </Box>
  );
}
