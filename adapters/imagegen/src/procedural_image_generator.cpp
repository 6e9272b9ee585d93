#include "artshop/imagegen/procedural_image_generator.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "canvas.hpp"
#include "mood.hpp"
#include "random.hpp"
#include "styles.hpp"

namespace artshop::imagegen {
namespace {

struct StyleArt {
  Painter paint;
  // Flat-colour styles keep their exact colours; the others get a dither against banding.
  bool dithered;
};

constexpr std::array<StyleArt, kAllArtStyles.size()> kStyleArt{{
    {paint_none, true},           // None
    {paint_exclusive, true},      // Exclusive
    {paint_abstract, true},       // Abstract
    {paint_anime, true},          // Anime
    {paint_cyberpunk, true},      // Cyberpunk
    {paint_fantasy, true},        // Fantasy
    {paint_impressionism, true},  // Impressionism
    {paint_minimalism, false},    // Minimalism
    {paint_photorealism, true},   // Photorealism
    {paint_pop_art, false},       // PopArt
    {paint_watercolor, true},     // Watercolor
}};

}  // namespace

std::uint64_t picture_seed(const GenerationRequest& request) noexcept {
  // A unit separator between fields keeps ("ab", "c") and ("a", "bc") apart.
  std::uint64_t hash = fnv1a(request.prompt);
  hash = fnv1a("\x1F", hash);
  hash = fnv1a(name(request.style), hash);
  hash = fnv1a("\x1F", hash);
  hash = fnv1a(name(request.aspect_ratio), hash);
  hash = fnv1a("\x1F", hash);
  std::array<char, 8> seed_bytes{};  // little-endian whatever the host's byte order
  for (std::size_t i = 0; i < seed_bytes.size(); ++i) {
    seed_bytes[i] = static_cast<char>((request.seed >> (8 * i)) & 0xFFU);
  }
  hash = fnv1a(std::string_view(seed_bytes.data(), seed_bytes.size()), hash);
  return mix64(hash);
}

Image ProceduralImageGenerator::generate(const GenerationRequest& request) {
  if (request.long_edge < kMinLongEdge || request.long_edge > kMaxLongEdge) {
    throw std::invalid_argument("the procedural generator draws long edges from " +
                                std::to_string(kMinLongEdge) + " to " +
                                std::to_string(kMaxLongEdge) + " pixels");
  }
  const ImageSize size = pixel_size(request.aspect_ratio, request.long_edge);
  const std::uint64_t seed = picture_seed(request);
  const StyleArt& art = kStyleArt[static_cast<std::size_t>(request.style)];
  const Mood mood = mood_of(request.prompt);
  const std::uint64_t dither_seed = art.dithered ? seed | 1U : 0;
  // Every band is painted from the start of the same stream, so every band sees the same
  // shapes; each keeps the pixels of its own rows.
  const auto paint = [&](Canvas& canvas) {
    Random random(seed);
    art.paint(canvas, random, mood);
  };
  if (request.long_edge <= bands_.above_long_edge) {
    Canvas canvas(size.width, size.height);
    paint(canvas);
    return {size.width, size.height, std::move(canvas).to_rgb8(dither_seed)};
  }
  const std::size_t row_bytes = static_cast<std::size_t>(size.width) * sizeof(Colour);
  const int band_rows = static_cast<int>(std::clamp<std::size_t>(
      bands_.canvas_bytes / row_bytes, 1, static_cast<std::size_t>(size.height)));
  std::vector<std::uint8_t> rgb;
  rgb.reserve(static_cast<std::size_t>(size.width) * static_cast<std::size_t>(size.height) * 3);
  for (int top = 0; top < size.height; top += band_rows) {
    Canvas band(size.width, size.height, {top, std::min(size.height, top + band_rows)});
    paint(band);
    std::move(band).append_rgb8(rgb, dither_seed);
  }
  return {size.width, size.height, std::move(rgb)};
}

}  // namespace artshop::imagegen
