#include <gtest/gtest.h>

#include <cmath>

#include "artshop/core/catalogue/aspect_ratio.hpp"

namespace artshop {
namespace {

// The short side as a person would work it out: the exact quotient, rounded to the nearest
// pixel. No ratio has an odd term besides 3 and 9, and 16 is the only even denominator, so a
// double holds every quotient and its halves exactly.
int rounded_short_side(int long_edge, int short_part, int long_part) {
  return static_cast<int>(
      std::floor(static_cast<double>(long_edge) * short_part / long_part + 0.5));
}

TEST(PixelSize, EveryRatioAtEveryLongEdgeFrom64To4096HasTheLongEdgeAndTheRoundedShortSide) {
  for (const AspectRatio ratio : kAllAspectRatios) {
    const int a = width_part(ratio);
    const int b = height_part(ratio);
    for (int long_edge = 64; long_edge <= 4096; ++long_edge) {
      const ImageSize size = pixel_size(ratio, long_edge);
      const ImageSize expected = a >= b ? ImageSize{long_edge, rounded_short_side(long_edge, b, a)}
                                        : ImageSize{rounded_short_side(long_edge, a, b), long_edge};
      ASSERT_EQ(size, expected) << name(ratio) << " at " << long_edge;
      ASSERT_EQ(nearest_aspect_ratio(size.width, size.height), ratio)
          << name(ratio) << " at " << long_edge << " is filed under another ratio";
    }
  }
}

TEST(PixelSize, RoundsTheShortSideRatherThanCuttingItOff) {
  EXPECT_EQ(pixel_size(AspectRatio::R3x2, 1024), (ImageSize{1024, 683}));   // 682.67
  EXPECT_EQ(pixel_size(AspectRatio::R2x3, 4096), (ImageSize{2731, 4096}));  // 2730.67
  EXPECT_EQ(pixel_size(AspectRatio::R16x9, 1000), (ImageSize{1000, 563}));  // 562.5, half up
  EXPECT_EQ(pixel_size(AspectRatio::R9x16, 100), (ImageSize{56, 100}));     // 56.25
  EXPECT_EQ(pixel_size(AspectRatio::R1x1, 777), (ImageSize{777, 777}));
}

}  // namespace
}  // namespace artshop
