import type { OfferState } from '../../api/types';

export const OFFER_STATE_LABELS: Record<OfferState, string> = {
  published: 'Published',
  hidden: 'Hidden',
  sold: 'Sold',
};
