import { Skeleton } from '@/components/ui/Skeleton';
import type { Offer, OfferFilters } from '../types';
import { OfferCard } from './OfferCard';
import './catalogue.css';

interface OfferGridProps {
  offers: readonly Offer[];
  /** Placeholders shown after the offers while (more of) them load. */
  skeletons?: number;
  list?: OfferFilters;
  /** The folded words a search matched, marked in the titles. */
  matchedWords?: ReadonlySet<string>;
}

/** The responsive grid of offer cards shared by the gallery and the home page. */
export function OfferGrid({ offers, skeletons = 0, list, matchedWords }: OfferGridProps) {
  return (
    <ul className="grid offer-grid">
      {offers.map((offer) => (
        <li key={offer.id}>
          <OfferCard offer={offer} list={list} matchedWords={matchedWords} />
        </li>
      ))}
      {Array.from({ length: skeletons }, (_, index) => (
        <li key={`skeleton-${index}`} aria-hidden="true">
          <OfferCardSkeleton />
        </li>
      ))}
    </ul>
  );
}

function OfferCardSkeleton() {
  return (
    <div className="card">
      <Skeleton variant="rectangular" width="100%" height="auto" style={{ aspectRatio: '4 / 3' }} />
      <div className="card__content">
        <Skeleton width="80%" />
        <Skeleton width="40%" />
        <Skeleton width="50%" />
      </div>
    </div>
  );
}
