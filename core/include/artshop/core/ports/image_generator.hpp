#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "artshop/core/catalogue/art_style.hpp"
#include "artshop/core/catalogue/aspect_ratio.hpp"

namespace artshop {

// Decoded pixels, as a generator draws them: 8-bit sRGB, row-major from the top row, three
// bytes (red, green, blue) per pixel and no padding, so rgb.size() == width * height * 3.
// Raw rather than encoded because the one consumer, ImageProcessor::encode_png, and the tests
// both want pixels, and a generator should not need an image codec.
struct Image {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgb;
};

// Takes a picture as it is drawn: its size first, then its rows from the top, a run of whole
// rows at a time (width * 3 bytes each, as in Image), so that a large picture need not be
// held whole.
class PictureRows {
 public:
  virtual ~PictureRows() = default;
  virtual void begin(int width, int height) = 0;
  virtual void rows(std::span<const std::uint8_t> rgb) = 0;
};

// What to draw (DESIGN.md section 7). The same request draws the same picture.
struct GenerationRequest {
  std::string prompt;  // UTF-8, 1 to 500 characters (checked by the use case)
  ArtStyle style = ArtStyle::None;
  AspectRatio aspect_ratio = AspectRatio::R1x1;
  std::uint64_t seed = 0;
  int long_edge = 1024;  // pixels along the longer side; the shorter follows the ratio
};

struct GeneratedPicture {
  std::uint32_t seed = 0;
  Image image;
};

struct GenerationBatch {
  std::vector<GeneratedPicture> pictures;
  std::string shortfall;  // why fewer than asked came back; empty when every picture was made
};

// Draws pictures from a prompt (the built-in procedural generator, or a remote txt2img
// service). Implementations are thread-safe; a call blocks for as long as drawing takes, so
// it belongs on a worker thread, never on an I/O thread.
class ImageGenerator {
 public:
  virtual ~ImageGenerator() = default;

  // One picture whose longer side is request.long_edge pixels and whose sides have the
  // request's aspect ratio, rounded to whole pixels. Throws std::invalid_argument for a long
  // edge the generator cannot draw, and another std::exception on an infrastructure fault
  // (a remote service that fails or does not answer).
  virtual Image generate(const GenerationRequest& request) = 0;

  // The picture generate() draws, handed to `out` as it is drawn. The default draws it with
  // generate() and hands it over at once; a generator that draws a large picture in parts
  // hands over each part when done, holding never more than that part.
  virtual void generate_rows(const GenerationRequest& request, PictureRows& out);

  // Up to `count` pictures (1 to 4) drawn from `first` with the seeds first.seed, first.seed + 1,
  // ... (modulo 2^32). A remote service may make fewer than asked, or fail on some: the batch
  // holds what was made, in seed order, and says why the rest is missing. Never throws for a
  // picture that could not be made; std::invalid_argument for a bad request still throws.
  // The default draws them one by one with generate().
  virtual GenerationBatch generate_batch(const GenerationRequest& first, int count);
};

}  // namespace artshop
