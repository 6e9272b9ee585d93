#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace artshop {

// The seven aspect ratios of SPEC.md in its order: the landscape ones from the widest, the
// square, then the same ratios turned upright. Every picture is filed under the nearest.
enum class AspectRatio : std::uint8_t { R16x9, R3x2, R4x3, R1x1, R2x3, R3x4, R9x16 };

inline constexpr std::array kAllAspectRatios{
    AspectRatio::R16x9, AspectRatio::R3x2, AspectRatio::R4x3, AspectRatio::R1x1,
    AspectRatio::R2x3,  AspectRatio::R3x4, AspectRatio::R9x16};

// "16x9", "3x2", ... as in SPEC.md.
std::string_view name(AspectRatio ratio) noexcept;

// Parses a name, ignoring ASCII case ("16x9", "16X9").
std::optional<AspectRatio> parse_aspect_ratio(std::string_view text) noexcept;

// The two terms of the ratio: 16 and 9 for R16x9.
int width_part(AspectRatio ratio) noexcept;
int height_part(AspectRatio ratio) noexcept;

// A picture's size in pixels.
struct ImageSize {
  int width = 0;
  int height = 0;
  friend bool operator==(const ImageSize&, const ImageSize&) = default;
};

// The pixel size of a picture with `ratio` whose longer side is `long_edge` (positive): the
// shorter side is rounded to the nearest whole pixel (halves up), never below 1. The one
// rule for every picture the shop draws or files under a ratio, so that a generated picture
// and its catalogue entry agree.
ImageSize pixel_size(AspectRatio ratio, int long_edge) noexcept;

// The ratio closest to width:height, measured so that a picture and its 90-degree turn land on
// mirrored ratios (the larger of the two ratios divided by the smaller is compared). Exact
// ties go to the earlier ratio in kAllAspectRatios. Throws std::invalid_argument unless both
// sides are positive.
AspectRatio nearest_aspect_ratio(int width, int height);

enum class Orientation : std::uint8_t { Vertical, Horizontal, Square };

inline constexpr std::array kAllOrientations{Orientation::Vertical, Orientation::Horizontal,
                                             Orientation::Square};

// "Vertical", "Horizontal", "Square".
std::string_view name(Orientation orientation) noexcept;

// Parses a name, ignoring ASCII case.
std::optional<Orientation> parse_orientation(std::string_view text) noexcept;

// Wider than tall is Horizontal, taller than wide Vertical, equal sides Square.
Orientation orientation_of(int width, int height) noexcept;

}  // namespace artshop
