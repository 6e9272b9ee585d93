/** A bought size of a picture (GET /api/artworks, contract of issue 5). */
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
  thumbnail: { webp: string; jpeg: string };
  downloadUrl: string;
}
