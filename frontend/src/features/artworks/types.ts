import type { PictureSources } from '@/types/art';

/** A bought size of a picture (GET /api/artworks). */
export interface Artwork {
  id: number;
  orderId: number;
  offerId: number;
  urlName: string;
  title: string;
  sizeName: string;
  longEdge: number;
  width: number;
  height: number;
  licence: string;
  acquiredAt: string;
  thumbnail: PictureSources;
  downloadUrl: string;
}
