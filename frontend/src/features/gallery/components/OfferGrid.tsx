import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import type { Offer, OfferFilters } from '../types';
import { OfferCard } from './OfferCard';

const CELL_SIZE = { xs: 6, md: 4, lg: 3 } as const;

interface OfferGridProps {
  offers: readonly Offer[];
  /** Placeholders shown after the offers while (more of) them load. */
  skeletons?: number;
  list?: OfferFilters;
}

/** The responsive grid of offer cards shared by the gallery and the home page. */
export function OfferGrid({ offers, skeletons = 0, list }: OfferGridProps) {
  return (
    <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {offers.map((offer) => (
        <Grid key={offer.id} size={CELL_SIZE} component="li">
          <OfferCard offer={offer} list={list} />
        </Grid>
      ))}
      {Array.from({ length: skeletons }, (_, index) => (
        <Grid key={`skeleton-${index}`} size={CELL_SIZE} component="li" aria-hidden="true">
          <OfferCardSkeleton />
        </Grid>
      ))}
    </Grid>
  );
}

function OfferCardSkeleton() {
  return (
    <Card variant="outlined">
      <Skeleton
        variant="rectangular"
        sx={{ width: '100%', height: 'auto', aspectRatio: '4 / 3' }}
      />
      <CardContent>
        <Skeleton width="80%" />
        <Skeleton width="40%" />
        <Skeleton width="50%" />
      </CardContent>
    </Card>
  );
}
