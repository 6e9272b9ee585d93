import { Suspense } from 'react';
import { themedLazy } from '@/components/theme/themedLazy';
import { ButtonLink } from '@/components/plain/ButtonLink';
import { useGetLatestOffersQuery } from '../api/catalogueApi';
import { useDisplayCurrency } from '../hooks/useDisplayCurrency';
import { GALLERY_PATH } from '../paths';
import { OfferGrid } from './OfferGrid';
import './catalogue.css';

// Only a failed load shows MUI's alert: it loads then.
const Alert = themedLazy(() => import('@mui/material/Alert'));

const LATEST_COUNT = 12;

/** The twelve newest pictures, for the home page. */
export function LatestOffers() {
  const currency = useDisplayCurrency();
  const { currentData: offers, isFetching, isError } = useGetLatestOffersQuery(currency);
  return (
    <section aria-labelledby="latest-heading" aria-busy={isFetching}>
      <div className="latest-offers__heading">
        <h2 id="latest-heading" className="type-h5">
          Latest pictures
        </h2>
        <ButtonLink to={GALLERY_PATH}>See all</ButtonLink>
      </div>
      {isError ? (
        <Suspense fallback={null}>
          <Alert severity="warning">The latest pictures could not be loaded just now.</Alert>
        </Suspense>
      ) : (
        <OfferGrid offers={offers ?? []} skeletons={offers === undefined ? LATEST_COUNT : 0} />
      )}
      {offers?.length === 0 && <p className="type-body1">New pictures are on their way.</p>}
    </section>
  );
}
