#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "artshop/core/ports/image_processor.hpp"

namespace artshop::media {

class WatermarkTile;

// Image derivatives with libvips (DESIGN.md section 4): thumbnails and watermarked previews
// for the gallery, originals rendered at a bought size, generated pictures as PNG.
//
// Encoders: WebP quality 80; JPEG quality 85, progressive with optimised Huffman tables up to
// a long edge of 2048 pixels, baseline with the standard tables above (the encoder then holds
// a few rows instead of the whole picture's coefficients); PNG compression 3 (a third of
// level 6's time for 5 % more bytes). Metadata is dropped (camera, GPS, editing history);
// WebP keeps only the minimal EXIF libvips 8.14 always writes (resolution, size). Scaling
// uses vips's thumbnail: shrink-on-load, then Lanczos3.
//
// Threads: libvips is started once per process, on first use, and its operation cache is
// switched off (every original is different and a cached operation would pin its buffer).
// A call runs on the calling thread and libvips adds up to `threads_per_image` workers of its
// own while it computes pixels, so a pool of N workers processing images may use about
// N * threads_per_image cores; keep the product near the core count. Thread-safe.
//
// Limits: originals of up to 2^28 pixels (16384 x 16384) are processed; a larger one is
// refused from its header, before any pixel is decoded (a small file can claim a huge size).
// Larger, unreadable and truncated originals throw std::runtime_error.
class VipsImageProcessor final : public ImageProcessor {
 public:
  // `threads_per_image` 0 leaves libvips' default (the VIPS_CONCURRENCY variable, else the
  // number of cores). The setting is process-wide: it is libvips' own.
  explicit VipsImageProcessor(int threads_per_image = 0);
  ~VipsImageProcessor() override;
  VipsImageProcessor(const VipsImageProcessor&) = delete;
  VipsImageProcessor& operator=(const VipsImageProcessor&) = delete;

  EncodedImage thumbnail(std::span<const std::uint8_t> original, ImageFormat format) override;
  EncodedImage watermarked_preview(std::span<const std::uint8_t> original,
                                   ImageFormat format) override;
  EncodedImage encode_at(const Image& picture, int long_edge, ImageFormat format) override;
  // A JPEG above 2048 pixels at the size drawn is written as the rows come (libjpeg, the bytes
  // encode_at makes of the same pixels), holding a few rows; anything else as encode_at.
  EncodedImage encode_drawn(const std::function<void(PictureRows&)>& draw, int long_edge,
                            ImageFormat format) override;
  EncodedImage render_at(std::span<const std::uint8_t> original, int long_edge,
                         ImageFormat format) override;
  EncodedImage encode_png(const Image& image) override;
  Derivatives derivatives(const Image& picture) override;
  ImageSize probe(std::span<const std::uint8_t> original) override;
  // libvips' own sniffing of the first bytes picks the loader; only the JPEG, PNG and WebP
  // loaders are taken, and the header is read with the pixels left undecoded.
  std::optional<PictureHeader> inspect(std::span<const std::uint8_t> encoded) override;

  // Any readable image as upright 8-bit sRGB pixels, alpha flattened onto white: the PNGs of
  // remote generators, imports that inspect pictures, tests that look at what was encoded.
  Image decode(std::span<const std::uint8_t> encoded) override;

 private:
  std::unique_ptr<const WatermarkTile> watermark_;  // built once, read by every thread
};

}  // namespace artshop::media
