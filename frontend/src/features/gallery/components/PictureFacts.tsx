import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { aspectRatioLabel } from '@/types/art';
import { searchLocation, STYLE_LABELS } from '../filters';
import { categoryPath } from '../paths';
import type { Offer } from '../types';
import './PicturePage.css';

interface PictureFactsProps {
  offer: Offer;
  categoryTitle: string;
}

/** Style, category, orientation, size and tags of a picture. */
export function PictureFacts({ offer, categoryTitle }: PictureFactsProps) {
  const facts: [string, ReactNode][] = [
    ['Style', STYLE_LABELS[offer.style]],
    [
      'Category',
      <RouterLink key="category" to={categoryPath(offer.category)} className="text-link">
        {categoryTitle}
      </RouterLink>,
    ],
    ['Orientation', offer.orientation],
    ['Size', `${offer.width} × ${offer.height} px`],
    ['Aspect ratio', aspectRatioLabel(offer.aspectRatio)],
  ];
  return (
    <>
      <dl className="type-body1 picture-facts">
        {facts.map(([term, value]) => (
          <div key={term} className="picture-facts__row">
            <dt className="text-secondary">{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {offer.tags.length > 0 && (
        <div className="picture-tags" aria-label="Tags">
          {offer.tags.map((tag) => (
            <RouterLink key={tag} className="chip" to={searchLocation(tag)}>
              <span className="chip__label">{tag}</span>
            </RouterLink>
          ))}
        </div>
      )}
    </>
  );
}
