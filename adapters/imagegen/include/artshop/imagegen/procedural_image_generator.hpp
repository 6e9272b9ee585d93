#pragma once

#include <cstddef>
#include <cstdint>

#include "artshop/core/ports/image_generator.hpp"
#include "artshop/core/ports/image_processor.hpp"

namespace artshop::imagegen {

// The built-in generator (DESIGN.md section 7): draws a picture in pure C++ on the calling
// thread, with no model, network or GPU. A 1024-pixel picture takes 6 to 115 ms of one core
// depending on the style (docs/generation.md); time grows with the pixel count, to a few
// seconds at the 4096-pixel maximum. A large picture is painted in horizontal bands, each
// band painting the whole picture's shapes clipped to its rows, so it never needs the 12
// bytes a pixel of a whole floating-point canvas: generate() holds the 8-bit picture and one
// band (42 MB at 4096 x 2731), generate_rows() one band.
//
// Every style has its own palette, forms and texture; the prompt tints the picture (a colour
// word such as "red" or "ocean" sets the main hue, "night" and "sunset" the light) and, with
// the seed, chooses the composition. The same prompt, style, aspect ratio and seed always
// give the same pixels (checked with GCC 12 and Clang 14, -O0 to -O3 -march=native): the
// request is hashed with FNV-1a and SplitMix64 into the seed of a SplitMix64 stream, and
// drawing uses no libm function and no std:: distribution. The long edge is not hashed, and
// scatterings that grow with the size draw from their own streams, so a larger picture of a
// request shows the same composition (downloads can be drawn again at the bought size).
// Stateless, hence thread-safe.
class ProceduralImageGenerator final : public ImageGenerator {
 public:
  static constexpr int kMinLongEdge = 64;
  static constexpr int kMaxLongEdge = 4096;

  // When a picture is painted in bands. Bands change the memory and the time, never a pixel.
  struct Bands {
    // Pictures whose long edge is at most this are painted whole: they are small enough, and
    // a band paints all of the picture's shapes again (a few per cent of the time each).
    int above_long_edge = 2048;
    // The floating-point canvas of one band (12 bytes a pixel), at least one row: 8 MB is
    // 170 rows of a 4096-pixel-wide picture.
    std::size_t canvas_bytes = std::size_t{8} << 20;
  };

  ProceduralImageGenerator() = default;
  explicit ProceduralImageGenerator(Bands bands) : bands_(bands) {}

  // Throws std::invalid_argument for a long edge outside [kMinLongEdge, kMaxLongEdge]. The
  // picture's size is core's pixel_size(ratio, long edge).
  Image generate(const GenerationRequest& request) override;
  // Hands over each band as soon as it is painted: a 4096-pixel picture then needs one band
  // of memory, not its 34 to 50 MB of RGB.
  void generate_rows(const GenerationRequest& request, PictureRows& out) override;

 private:
  Bands bands_;
};

// The 64-bit seed the picture is drawn from.
std::uint64_t picture_seed(const GenerationRequest& request) noexcept;

}  // namespace artshop::imagegen
