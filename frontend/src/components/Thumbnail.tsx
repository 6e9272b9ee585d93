import type { PictureSources } from '@/types/art';
import './PricedLine.css';

interface ThumbnailProps {
  /** The picture's thumbnail (long edge 480 px) in WebP with a JPEG fallback. */
  sources: PictureSources;
  /** Empty when the title is written right next to it. */
  alt: string;
  /** Displayed size of the square it fits into, in pixels. */
  size: number;
}

/** A small picture in a square, as lists of bought or chosen pictures show it. Lazy. */
export function Thumbnail({ sources, alt, size }: ThumbnailProps) {
  return (
    <picture className="thumbnail" style={{ width: size, height: size }}>
      <source type="image/webp" srcSet={sources.webp} />
      <img
        src={sources.jpeg}
        alt={alt}
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
      />
    </picture>
  );
}
