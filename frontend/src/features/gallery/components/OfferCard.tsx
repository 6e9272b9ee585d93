import { Link as RouterLink } from 'react-router';
import { formatMoney } from '@/lib/money/money';
import { STYLE_LABELS } from '../filters';
import { picturePath } from '../paths';
import { listState } from '../listState';
import type { Offer, OfferFilters } from '../types';
import { Highlighted } from './Highlighted';
import { Picture } from './Picture';
import './catalogue.css';

/** How wide a card is in the gallery grid (2 columns on phones up to 4 on wide screens). */
export const CARD_SIZES = '(min-width: 1200px) 280px, (min-width: 900px) 30vw, 50vw';

interface OfferCardProps {
  offer: Offer;
  /** The list the card is part of, so that the picture page can show its neighbours. */
  list?: OfferFilters;
  /** The folded words a search matched, marked in the title. */
  matchedWords?: ReadonlySet<string>;
}

/** An outlined card with an action area: the home page shows it first. */
export function OfferCard({ offer, list, matchedWords }: OfferCardProps) {
  return (
    <article className="card offer-card">
      <RouterLink
        to={picturePath(offer.urlName)}
        state={list === undefined ? undefined : listState(list)}
        className="card__action offer-card__action"
      >
        <Picture offer={offer} alt="" sizes={CARD_SIZES} className="offer-card__picture" />
        <div className="card__content offer-card__content">
          <h3 className="type-subtitle1 type-no-wrap card-title">
            {matchedWords === undefined ? (
              offer.title
            ) : (
              <Highlighted text={offer.title} words={matchedWords} />
            )}
          </h3>
          <p className="type-body2">{STYLE_LABELS[offer.style]}</p>
          <p className="type-body2 offer-card__price">
            from <strong>{formatMoney(offer.price)}</strong>
          </p>
        </div>
      </RouterLink>
    </article>
  );
}
