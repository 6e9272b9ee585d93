import { Alert } from '@/components/ui/Alert';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { useGetLatestOffersQuery } from '../api/catalogueApi';
import { useDisplayCurrency } from '../hooks/useDisplayCurrency';
import { GALLERY_PATH } from '../paths';
import { OfferGrid } from './OfferGrid';
import './catalogue.css';

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
        <Alert severity="warning">The latest pictures could not be loaded just now.</Alert>
      ) : (
        <OfferGrid offers={offers ?? []} skeletons={offers === undefined ? LATEST_COUNT : 0} />
      )}
      {offers?.length === 0 && <p className="type-body1">New pictures are on their way.</p>}
    </section>
  );
}
