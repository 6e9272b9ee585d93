import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { Thumbnail } from '@/components/Thumbnail';
import { useGetRelatedOffersQuery } from '../api/catalogueApi';
import { useDisplayCurrency } from '../hooks/useDisplayCurrency';
import { picturePath } from '../paths';
import './PicturePage.css';

/** The server lists at most this many; more would not fit one row. */
const RELATED_COUNT = 8;

/**
 * Pictures that share tags, the style or the category with this one, each a thumbnail leading to
 * its page. Nothing when there are none (or they could not be loaded: the page does without).
 */
export function RelatedPictures({ urlName }: { urlName: string }) {
  const headingId = useId();
  const currency = useDisplayCurrency();
  const { currentData: related = [] } = useGetRelatedOffersQuery({ urlName, currency });
  if (related.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="related-pictures">
      <h2 id={headingId} className="type-h6 type-gutter-bottom">
        Related pictures
      </h2>
      <ul className="related-pictures__row">
        {related.slice(0, RELATED_COUNT).map((offer) => (
          <li key={offer.id}>
            <RouterLink to={picturePath(offer.urlName)} className="related-pictures__link">
              <Thumbnail sources={offer.thumbnail} alt={offer.title} size={112} />
            </RouterLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
