#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vips/vips8>

#include "artshop/core/ports/image_processor.hpp"

// The libvips plumbing shared by the processor and its watermark.
namespace artshop::media {

// Starts libvips once per process. Throws std::runtime_error when it cannot start.
void start_vips();

// Any image as 3-band 8-bit sRGB, transparency flattened onto white.
vips::VImage to_srgb8(vips::VImage image);

constexpr int kJpegQuality = 85;
// JPEGs up to this long edge are progressive with optimised tables; larger ones are baseline.
constexpr int kProgressiveJpegUpTo = 2048;

// `image` encoded in `format` with the shop's encoder settings.
std::string encode(const vips::VImage& image, ImageFormat format);

// An encoded image opened lazily: its header is read, its pixels are decoded only when used.
// Damaged data throws when the pixels are read rather than being decoded as grey.
vips::VImage open_header(std::span<const std::uint8_t> encoded);

// The original scaled so that its upright longer side is exactly `long_edge` pixels, as
// 8-bit sRGB. Throws std::runtime_error for bytes that are not a readable image or are too big.
vips::VImage load_scaled(std::span<const std::uint8_t> original, int long_edge);

// Runs `work`, turning libvips' own exception into std::runtime_error so that callers need
// not know the library, and clearing libvips' process-wide error buffer.
[[noreturn]] void throw_vips_error(const char* action, const vips::VError& error);

template <class Work>
auto translating_vips_errors(const char* action, Work&& work) -> decltype(work()) {
  try {
    return work();
  } catch (const vips::VError& error) {
    throw_vips_error(action, error);
  }
}

}  // namespace artshop::media
