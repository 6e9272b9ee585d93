#include "artshop/imagegen/procedural_image_generator.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <functional>
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

namespace {

// Paints the picture `request` asks for, whole or band by band from the top, and hands each
// painted canvas to `done` with the seed of its dither.
void paint(const GenerationRequest& request, const ProceduralImageGenerator::Bands& bands,
           const std::function<void(Canvas&&, std::uint64_t)>& done) {
  if (request.long_edge < ProceduralImageGenerator::kMinLongEdge ||
      request.long_edge > ProceduralImageGenerator::kMaxLongEdge) {
    throw std::invalid_argument("the procedural generator draws long edges from " +
                                std::to_string(ProceduralImageGenerator::kMinLongEdge) + " to " +
                                std::to_string(ProceduralImageGenerator::kMaxLongEdge) + " pixels");
  }
  const ImageSize size = pixel_size(request.aspect_ratio, request.long_edge);
  const std::uint64_t seed = picture_seed(request);
  const StyleArt& art = kStyleArt[static_cast<std::size_t>(request.style)];
  const Mood mood = mood_of(request.prompt);
  const std::uint64_t dither_seed = art.dithered ? seed | 1U : 0;
  const std::size_t row_bytes = static_cast<std::size_t>(size.width) * sizeof(Colour);
  const int band_rows =
      request.long_edge <= bands.above_long_edge
          ? size.height
          : static_cast<int>(std::clamp<std::size_t>(bands.canvas_bytes / row_bytes, 1,
                                                     static_cast<std::size_t>(size.height)));
  for (int top = 0; top < size.height; top += band_rows) {
    Canvas canvas(size.width, size.height, {top, std::min(size.height, top + band_rows)});
    // Every band is painted from the start of the same stream, so every band sees the same
    // shapes; each keeps the pixels of its own rows.
    Random random(seed);
    art.paint(canvas, random, mood);
    done(std::move(canvas), dither_seed);
  }
}

}  // namespace

Image ProceduralImageGenerator::generate(const GenerationRequest& request) {
  Image picture;
  paint(request, bands_, [&](Canvas&& canvas, std::uint64_t dither_seed) {
    if (picture.width == 0) {
      picture.width = canvas.width();
      picture.height = canvas.height();
      // Touched row by row, as each canvas is converted (and a large one gives its own pages
      // back meanwhile).
      picture.rgb.reserve(static_cast<std::size_t>(picture.width) *
                          static_cast<std::size_t>(picture.height) * 3);
    }
    std::move(canvas).append_rgb8(picture.rgb, dither_seed);
  });
  return picture;
}

void ProceduralImageGenerator::generate_rows(const GenerationRequest& request, PictureRows& out) {
  std::vector<std::uint8_t> rgb;  // one band's rows at a time
  bool begun = false;
  paint(request, bands_, [&](Canvas&& canvas, std::uint64_t dither_seed) {
    if (!begun) out.begin(canvas.width(), canvas.height());
    begun = true;
    rgb.clear();
    std::move(canvas).append_rgb8(rgb, dither_seed);
    out.rows(rgb);
  });
}

}  // namespace artshop::imagegen
