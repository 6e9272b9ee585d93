/** The art vocabulary the gallery filters by and the generator draws in (SPEC.md section 3). */

export const STYLES = [
  'None',
  'Exclusive',
  'Abstract',
  'Anime',
  'Cyberpunk',
  'Fantasy',
  'Impressionism',
  'Minimalism',
  'Photorealism',
  'PopArt',
  'Watercolor',
] as const;
export type Style = (typeof STYLES)[number];

export const STYLE_LABELS: Record<Style, string> = {
  None: 'No particular style',
  Exclusive: 'Exclusive (one of a kind)',
  Abstract: 'Abstract',
  Anime: 'Anime',
  Cyberpunk: 'Cyberpunk',
  Fantasy: 'Fantasy',
  Impressionism: 'Impressionism',
  Minimalism: 'Minimalism',
  Photorealism: 'Photorealism',
  PopArt: 'Pop art',
  Watercolor: 'Watercolor',
};

/** Width x height, landscape to portrait. */
export const ASPECT_RATIOS = ['16x9', '3x2', '4x3', '1x1', '2x3', '3x4', '9x16'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

/** "16:9", as people write a ratio. */
export function aspectRatioLabel(ratio: string): string {
  return ratio.replace('x', ':');
}

/** A public derivative of a picture, in WebP with a JPEG fallback. */
export interface PictureSources {
  webp: string;
  jpeg: string;
}
