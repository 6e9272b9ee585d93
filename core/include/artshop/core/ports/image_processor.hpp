#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include "artshop/core/ports/image_generator.hpp"

namespace artshop {

// The encodings the shop serves: WebP first, JPEG as the fallback for old browsers, PNG for
// generated images (lossless, so a customer gets exactly what was drawn).
enum class ImageFormat : std::uint8_t { Webp, Jpeg, Png };

// The file name extension, without the dot: "webp", "jpg", "png".
constexpr std::string_view extension(ImageFormat format) noexcept {
  switch (format) {
    case ImageFormat::Webp:
      return "webp";
    case ImageFormat::Jpeg:
      return "jpg";
    case ImageFormat::Png:
      return "png";
  }
  return "bin";
}

// The Content-Type: "image/webp", "image/jpeg", "image/png".
constexpr std::string_view media_type(ImageFormat format) noexcept {
  switch (format) {
    case ImageFormat::Webp:
      return "image/webp";
    case ImageFormat::Jpeg:
      return "image/jpeg";
    case ImageFormat::Png:
      return "image/png";
  }
  return "application/octet-stream";
}

// A file's worth of bytes in one format, with the pixel size it decodes to.
struct EncodedImage {
  ImageFormat format = ImageFormat::Png;
  std::string bytes;
  int width = 0;
  int height = 0;
};

// What the header of an encoded picture says: a format the shop takes, and its upright size.
struct PictureHeader {
  ImageFormat format = ImageFormat::Png;
  ImageSize size;
};

// Long edges of the public derivatives (DESIGN.md section 4).
inline constexpr int kThumbnailLongEdge = 480;
inline constexpr int kPreviewLongEdge = 1600;

// Encoded bytes held in a std::string (as BlobStore answers them) seen as the byte span the
// processor takes.
inline std::span<const std::uint8_t> bytes_of(std::string_view encoded) noexcept {
  return {reinterpret_cast<const std::uint8_t*>(encoded.data()), encoded.size()};
}

// Makes what the catalogue and the downloads need from an original: any JPEG, PNG or WebP
// (others as the adapter can read), turned upright by its EXIF orientation, converted to
// 8-bit sRGB, transparency flattened onto white, metadata stripped.
//
// Every derivative keeps the original's aspect ratio: its longer side is exactly the asked
// length and its shorter side is rounded to the nearest pixel. Originals smaller than the
// asked length are scaled up, so sizes are predictable for page layout and srcset; the
// catalogue never sells a size above the original's (DESIGN.md section 4).
//
// Implementations are thread-safe. Calls block the calling thread (and may use more threads
// of their own), so they belong on a worker thread. They throw std::invalid_argument for a
// bad long edge and another std::exception for bytes that are not a readable image or any
// other failure.
// The public pictures of one offer: thumbnail and watermarked preview, WebP and JPEG.
struct Derivatives {
  EncodedImage thumbnail_webp;
  EncodedImage thumbnail_jpeg;
  EncodedImage preview_webp;
  EncodedImage preview_jpeg;
};

// A picture's rows gathered into one Image.
class GatheredPicture final : public PictureRows {
 public:
  void begin(int width, int height) override;
  void rows(std::span<const std::uint8_t> rgb) override;

  Image image;
};

class ImageProcessor {
 public:
  virtual ~ImageProcessor() = default;

  // Long edge kThumbnailLongEdge (480), for the gallery grid.
  virtual EncodedImage thumbnail(std::span<const std::uint8_t> original, ImageFormat format) = 0;

  // Long edge kPreviewLongEdge (1600), with "ARTSHOP PREVIEW" repeated along diagonals in
  // translucent white with a dark edge, visible on light and dark pictures alike.
  virtual EncodedImage watermarked_preview(std::span<const std::uint8_t> original,
                                           ImageFormat format) = 0;

  // The picture a buyer downloads: long edge exactly `long_edge` (1 to 16383), unmarked.
  virtual EncodedImage render_at(std::span<const std::uint8_t> original, int long_edge,
                                 ImageFormat format) = 0;

  // A picture already in memory (a freshly drawn one) with its long edge exactly `long_edge`
  // (1 to 16383), encoded, with no round trip through an encoded master. Throws
  // std::invalid_argument when image.rgb does not hold width * height * 3 bytes.
  virtual EncodedImage encode_at(const Image& picture, int long_edge, ImageFormat format) = 0;

  // What encode_at makes of the picture that `draw` hands, row by row, to the PictureRows it
  // is given (ImageGenerator::generate_rows). An encoder that takes rows as they come need not
  // hold the whole picture; the default gathers it into an Image for encode_at.
  virtual EncodedImage encode_drawn(const std::function<void(PictureRows&)>& draw, int long_edge,
                                    ImageFormat format);

  // A generated picture as a PNG. Throws std::invalid_argument when image.rgb does not hold
  // width * height * 3 bytes.
  virtual EncodedImage encode_png(const Image& image) = 0;
  // All four derivatives of a picture already in memory (a freshly generated one): each size
  // is made once and encoded twice, with no round trip through an encoded master.
  virtual Derivatives derivatives(const Image& picture) = 0;

  // The upright pixel size of an original, reading no more than its header.
  virtual ImageSize probe(std::span<const std::uint8_t> original) = 0;

  // What the bytes are, by their content alone (never a file name or a Content-Type): a JPEG,
  // PNG or WebP picture with its upright pixel size, or nullopt for anything else, other image
  // formats included. Reads the header only, so a small file that claims a huge picture costs
  // no more than a small one. The default throws std::logic_error, as decode's does.
  virtual std::optional<PictureHeader> inspect(std::span<const std::uint8_t> /*encoded*/) {
    throw std::logic_error("this image processor does not inspect pictures");
  }

  // The pixels of an encoded picture (a PNG from a remote generator, or any format the
  // adapter reads): turned upright, transparency flattened onto white, 8-bit sRGB, three
  // bands. Throws for bytes that are not a readable image. Not pure, so that processors made
  // for one use (test doubles) need not decode; the default throws std::logic_error.
  virtual Image decode(std::span<const std::uint8_t> /*encoded*/) {
    throw std::logic_error("this image processor does not decode pictures");
  }
};

}  // namespace artshop
