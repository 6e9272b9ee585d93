import Box from '@mui/material/Box';
import type { PictureSources } from '@/types/art';

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
    <Box
      component="picture"
      sx={{
        display: 'block',
        flexShrink: 0,
        width: size,
        height: size,
        bgcolor: 'grey.100',
        borderRadius: 1,
        overflow: 'hidden',
      }}
    >
      <source type="image/webp" srcSet={sources.webp} />
      <Box
        component="img"
        src={sources.jpeg}
        alt={alt}
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain' }}
      />
    </Box>
  );
}
