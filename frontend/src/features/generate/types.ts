import type { AspectRatio, Style } from '@/types/art';
import type { Money } from '@/types/money';
import type { ListPage } from '@/types/page';

/** Generated images (DESIGN.md section 7). */

export const PROMPT_MAX_LENGTH = 500;
export const MAX_IMAGES_PER_REQUEST = 4;
/** Seeds are unsigned 32-bit numbers. */
export const SEED_MAX = 4_294_967_295;

/** POST /api/generated-images. */
export interface GenerationRequest {
  prompt: string;
  style: Style;
  aspectRatio: AspectRatio;
  count: number;
  /** Left out for a random one. */
  seed?: number;
}

/**
 * What came back: one PNG or a ZIP of PNGs, already handed to the browser to save. The file stays
 * out of the store; `fileUrl` is an object URL of it, revoked by whoever shows it.
 */
export interface Generation {
  fileName: string;
  fileUrl: string;
  isZip: boolean;
  requested: number;
  returned: number;
  /** The seed the images were drawn with, to draw them again. */
  seed: string | null;
}

export interface GeneratedImage {
  id: number;
  prompt: string;
  style: Style;
  aspectRatio: AspectRatio;
  seed: number;
  width: number;
  height: number;
  createdAt: string;
  /** What it cost: zero for a free image. */
  price: Money;
  /** The PNG, for the signed-in owner only. */
  url: string;
  fileName: string;
}

export type GeneratedImagePage = ListPage<GeneratedImage>;

/** GET /api/generated-images/allowance. */
export interface GenerationAllowance {
  freePerDay: number;
  freeRemaining: number;
  pricePerImage: Money;
  resetsAt: string;
  /**
   * What draws the images: the built-in generator (abstract pictures, whatever the prompt names)
   * or a configured image model. Absent from older servers.
   */
  generator?: 'built-in' | 'remote';
}
