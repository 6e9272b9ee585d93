#include "artshop/imagegen/procedural_image_generator.hpp"

#include <array>
#include <stdexcept>
#include <string>
#include <utility>

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
  Random random(seed);
  Canvas canvas(size.width, size.height);
  const StyleArt& art = kStyleArt[static_cast<std::size_t>(request.style)];
  art.paint(canvas, random, mood_of(request.prompt));
  return {size.width, size.height, std::move(canvas).to_rgb8(art.dithered ? seed | 1U : 0)};
}

}  // namespace artshop::imagegen
