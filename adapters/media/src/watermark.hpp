#pragma once

#include <vips/vips8>

namespace artshop::media {

// The preview watermark: "ARTSHOP PREVIEW" in bold type, turned 30 degrees and repeated in a
// staggered grid over the whole picture. White at 40 % opacity over a soft dark halo at 40 %,
// so it reads on a white sky and in a night scene alike and cannot be cropped away.
class WatermarkTile {
 public:
  // Renders the tile once (text rendering is the slow part). Sized for kPreviewLongEdge.
  WatermarkTile();

  // `picture` (8-bit sRGB) with the watermark laid over it.
  vips::VImage apply(const vips::VImage& picture) const;

 private:
  vips::VImage tile_;  // two bands: text coverage and halo coverage, 0..255, in memory
};

}  // namespace artshop::media
