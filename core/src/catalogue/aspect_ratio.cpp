#include "artshop/core/catalogue/aspect_ratio.hpp"

#include <algorithm>
#include <cstdint>
#include <stdexcept>

#include "artshop/core/text.hpp"

namespace artshop {
namespace {

struct RatioInfo {
  std::string_view name;
  int width;
  int height;
};

constexpr std::array<RatioInfo, kAllAspectRatios.size()> kRatios{{
    {"16x9", 16, 9},
    {"3x2", 3, 2},
    {"4x3", 4, 3},
    {"1x1", 1, 1},
    {"2x3", 2, 3},
    {"3x4", 3, 4},
    {"9x16", 9, 16},
}};

constexpr std::array<std::string_view, kAllOrientations.size()> kOrientationNames{
    "Vertical", "Horizontal", "Square"};

const RatioInfo& info(AspectRatio ratio) noexcept {
  return kRatios[static_cast<std::size_t>(ratio)];
}

// How far width:height is from a:b, as the fraction |x - y| / (x + y) with x = width * b and
// y = a * height. It grows with max(x, y) / min(x, y), so it ranks candidates exactly like the
// ratio of the two ratios, without floating point.
struct Distance {
  std::int64_t numerator;
  std::int64_t denominator;

  bool operator<(const Distance& other) const noexcept {
    return numerator * other.denominator < other.numerator * denominator;
  }
};

Distance distance(std::int64_t width, std::int64_t height, const RatioInfo& ratio) noexcept {
  const std::int64_t x = width * ratio.height;
  const std::int64_t y = ratio.width * height;
  return {x > y ? x - y : y - x, x + y};
}

}  // namespace

std::string_view name(AspectRatio ratio) noexcept {
  return info(ratio).name;
}

std::optional<AspectRatio> parse_aspect_ratio(std::string_view text) noexcept {
  for (const AspectRatio ratio : kAllAspectRatios) {
    if (text::equal_ignoring_ascii_case(text, name(ratio))) return ratio;
  }
  return std::nullopt;
}

int width_part(AspectRatio ratio) noexcept {
  return info(ratio).width;
}
int height_part(AspectRatio ratio) noexcept {
  return info(ratio).height;
}

ImageSize pixel_size(AspectRatio ratio, int long_edge) noexcept {
  const int a = info(ratio).width;
  const int b = info(ratio).height;
  // 64-bit products: long_edge * 16 must not overflow for any int the caller passes.
  const auto shorter = [long_edge](std::int64_t part, std::int64_t whole) {
    const std::int64_t rounded = (long_edge * part + whole / 2) / whole;
    return static_cast<int>(std::max<std::int64_t>(rounded, 1));
  };
  if (a >= b) return {long_edge, shorter(b, a)};
  return {shorter(a, b), long_edge};
}

AspectRatio nearest_aspect_ratio(int width, int height) {
  if (width <= 0 || height <= 0) {
    throw std::invalid_argument("an aspect ratio needs a positive width and height");
  }
  // Sides are brought under 2^20 first (shifting both keeps the ratio to within one part in
  // a million), so the cross products below stay far inside 64 bits.
  std::int64_t w = width;
  std::int64_t h = height;
  while (w >= (std::int64_t{1} << 20) || h >= (std::int64_t{1} << 20)) {
    w = std::max<std::int64_t>(w >> 1, 1);
    h = std::max<std::int64_t>(h >> 1, 1);
  }
  AspectRatio best = kAllAspectRatios.front();
  Distance best_distance = distance(w, h, info(best));
  for (const AspectRatio candidate : kAllAspectRatios) {
    const Distance d = distance(w, h, info(candidate));
    if (d < best_distance) {
      best = candidate;
      best_distance = d;
    }
  }
  return best;
}

std::string_view name(Orientation orientation) noexcept {
  return kOrientationNames[static_cast<std::size_t>(orientation)];
}

std::optional<Orientation> parse_orientation(std::string_view text) noexcept {
  for (const Orientation orientation : kAllOrientations) {
    if (text::equal_ignoring_ascii_case(text, name(orientation))) return orientation;
  }
  return std::nullopt;
}

Orientation orientation_of(int width, int height) noexcept {
  if (width > height) return Orientation::Horizontal;
  if (width < height) return Orientation::Vertical;
  return Orientation::Square;
}

}  // namespace artshop
