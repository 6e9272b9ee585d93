import type { CSSProperties } from 'react';
import type { Offer } from '../types';
import './catalogue.css';

/** Long edges of the public derivatives (DESIGN.md section 4). */
const THUMBNAIL_LONG_EDGE = 480;
const PREVIEW_LONG_EDGE = 1600;

/** Width in pixels of a derivative with the given long edge, for the `w` descriptors of srcset. */
function widthAt(longEdge: number, { width, height }: Pick<Offer, 'width' | 'height'>): number {
  if (width >= height) return Math.min(longEdge, width);
  return Math.max(1, Math.round((Math.min(longEdge, height) * width) / height));
}

type PictureOffer = Pick<Offer, 'title' | 'width' | 'height' | 'thumbnail' | 'preview'>;

interface PictureProps {
  offer: PictureOffer;
  /** The `sizes` attribute: how wide the picture is laid out. */
  sizes: string;
  /** Previews only: a thumbnail is never enlarged into a picture shown big. */
  previewOnly?: boolean;
  eager?: boolean;
  /** Defaults to the title; empty where the title is written right next to the picture. */
  alt?: string;
  /** Classes and styles of the caller's, after the picture's own (block, at most as wide as its box). */
  className?: string;
  style?: CSSProperties;
}

/**
 * An offer's picture as WebP with a JPEG fallback, letting the browser pick the thumbnail or the
 * preview for the space it has. Lazy unless `eager`, which also fetches it first. Plain markup:
 * the home page shows it first.
 */
export function Picture({
  offer,
  sizes,
  previewOnly = false,
  eager = false,
  alt,
  className,
  style,
}: PictureProps) {
  const thumbnailWidth = widthAt(THUMBNAIL_LONG_EDGE, offer);
  const previewWidth = widthAt(PREVIEW_LONG_EDGE, offer);
  const srcSet = (format: 'webp' | 'jpeg') =>
    previewOnly
      ? `${offer.preview[format]} ${previewWidth}w`
      : `${offer.thumbnail[format]} ${thumbnailWidth}w, ${offer.preview[format]} ${previewWidth}w`;
  const fallback = previewOnly ? offer.preview : offer.thumbnail;
  const displayedWidth = previewOnly ? previewWidth : thumbnailWidth;
  return (
    <picture>
      <source type="image/webp" srcSet={srcSet('webp')} sizes={sizes} />
      <img
        src={fallback.jpeg}
        srcSet={srcSet('jpeg')}
        sizes={sizes}
        alt={alt ?? offer.title}
        width={displayedWidth}
        height={Math.round((displayedWidth * offer.height) / offer.width)}
        loading={eager ? 'eager' : 'lazy'}
        // An eager picture is the page's main one, usually its largest paint.
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
        className={className === undefined ? 'picture' : `picture ${className}`}
        style={style}
      />
    </picture>
  );
}
