import type { OfferState } from '../../api/types';

export const OFFER_STATE_LABELS: Record<OfferState, string> = {
  published: 'Published',
  hidden: 'Hidden',
  sold: 'Sold',
};

/** The shop's styles, as the API names them (core's ArtStyle). */
export const OFFER_STYLES = [
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
