#include "vips_support.hpp"

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string_view>
#include <vector>

namespace artshop::media {
namespace {

using vips::VImage;

// Largest original accepted: 2^28 pixels, checked from the header before any decoding so a
// small file claiming a huge size (a decompression bomb) costs nothing.
constexpr double kMaxOriginalPixels = 268'435'456.0;

struct BlobUnref {
  void operator()(VipsBlob* blob) const noexcept { vips_area_unref(&blob->area); }
};
using BlobPtr = std::unique_ptr<VipsBlob, BlobUnref>;

// Wraps the caller's bytes without copying; they outlive every use within one call.
BlobPtr borrow(std::span<const std::uint8_t> bytes) {
  return BlobPtr(vips_blob_new(nullptr, bytes.data(), bytes.size()));
}

std::string take(VipsBlob* raw) {
  const BlobPtr blob(raw);
  return {static_cast<const char*>(blob->area.data), blob->area.length};
}

// A copy of the image without any metadata. The savers' "strip" is not enough: libvips 8.14's
// WebP saver still writes the EXIF it rebuilds from the exif-* fields (camera, GPS, ...).
VImage without_metadata(const VImage& image) {
  VImage bare = image.copy();
  gchar** fields = vips_image_get_fields(bare.get_image());
  for (gchar** field = fields; *field != nullptr; ++field) {
    const std::string_view name = *field;
    if (name.starts_with("exif-") || name == "xmp-data" || name == "iptc-data" ||
        name == "icc-profile-data" || name == "orientation") {
      bare.remove(*field);
    }
  }
  g_strfreev(fields);
  return bare;
}

}  // namespace

void start_vips() {
  // A function-local static is initialised once even when threads race to it; a failure
  // throws and leaves the next call to try again.
  static const bool started = [] {
    if (vips_init("artshop") != 0) {
      std::string reason = vips_error_buffer();
      vips_error_clear();
      throw std::runtime_error("libvips did not start: " + reason);
    }
    vips_cache_set_max(0);
    return true;
  }();
  (void)started;
}

[[noreturn]] void throw_vips_error(const char* action, const vips::VError& error) {
  std::string message = std::string(action) + ": " + error.what();
  while (!message.empty() && message.back() == '\n') message.pop_back();
  vips_error_clear();
  throw std::runtime_error(message);
}

VImage to_srgb8(VImage image) {
  if (image.interpretation() != VIPS_INTERPRETATION_sRGB || image.format() != VIPS_FORMAT_UCHAR) {
    image = image.colourspace(VIPS_INTERPRETATION_sRGB);
  }
  if (image.has_alpha()) {
    image = image.flatten(VImage::option()->set("background", std::vector<double>{255, 255, 255}));
  }
  if (image.bands() > 3) image = image.extract_band(0, VImage::option()->set("n", 3));
  if (image.format() != VIPS_FORMAT_UCHAR) image = image.cast(VIPS_FORMAT_UCHAR);
  return image;
}

std::string encode(const VImage& picture, ImageFormat format) {
  const VImage image = without_metadata(picture);
  switch (format) {
    case ImageFormat::Webp:
      return take(image.webpsave_buffer(VImage::option()->set("Q", 80)->set("strip", true)));
    case ImageFormat::Jpeg: {
      // Progressive scans and optimised tables are both computed from the coefficients of the
      // whole picture, which libjpeg then holds (34 MB at 4096 x 2731); a baseline JPEG with
      // the standard tables holds a few rows. Above 2048 pixels (downloads) that matters more
      // than the bytes it saves, and more than showing a rough whole picture early.
      const bool progressive = std::max(image.width(), image.height()) <= kProgressiveJpegUpTo;
      return take(image.jpegsave_buffer(VImage::option()
                                            ->set("Q", kJpegQuality)
                                            ->set("interlace", progressive)
                                            ->set("optimize_coding", progressive)
                                            ->set("strip", true)));
    }
    case ImageFormat::Png:
      return take(
          image.pngsave_buffer(VImage::option()->set("compression", 3)->set("strip", true)));
  }
  throw std::invalid_argument("unknown image format");
}

VImage open_header(std::span<const std::uint8_t> encoded) {
  if (encoded.empty()) throw std::runtime_error("an empty file is not an image");
  return VImage::new_from_buffer(encoded.data(), encoded.size(), "",
                                 VImage::option()->set("fail_on", VIPS_FAIL_ON_ERROR));
}

VImage load_scaled(std::span<const std::uint8_t> original, int long_edge) {
  const VImage header = open_header(original);
  if (static_cast<double>(header.width()) * header.height() > kMaxOriginalPixels) {
    throw std::runtime_error("the image has more than 2^28 pixels");
  }
  const BlobPtr blob = borrow(original);
  // A square box of `long_edge` fits the longer side exactly whatever the orientation;
  // "both" lets small originals grow to the asked size. The loader's fail_on goes through
  // option_string: libvips 8.14 does not pass thumbnail_buffer's own fail_on to the loader,
  // and a truncated JPEG would come out half grey.
  VImage scaled = VImage::thumbnail_buffer(blob.get(), long_edge,
                                           VImage::option()
                                               ->set("height", long_edge)
                                               ->set("size", VIPS_SIZE_BOTH)
                                               ->set("option_string", "fail_on=error"));
  return to_srgb8(scaled);
}

}  // namespace artshop::media

// libvips draws text through Pango, and fontconfig keeps its font cache for the life of the
// process on purpose; in a build with AddressSanitizer, LeakSanitizer would report that cache at
// every exit. The hook is read by LeakSanitizer itself, so it reaches every sanitized process
// that uses libvips, the server and the seeding its tests start included.
#if defined(__SANITIZE_ADDRESS__)
#define ARTSHOP_LEAK_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ARTSHOP_LEAK_SANITIZER 1
#endif
#endif
#ifdef ARTSHOP_LEAK_SANITIZER
// NOLINTNEXTLINE(bugprone-reserved-identifier): the name LeakSanitizer looks for.
extern "C" const char* __lsan_default_suppressions() {
  return "leak:libfontconfig.so\n";
}
#endif

// ThreadSanitizer sees only what is built for it. libvips, glib and fontconfig are not: glib's
// threads hand work and memory over through glib's own futex-based locks and slice allocator,
// which ThreadSanitizer cannot see, so every image libvips' workers touch (the watermark tile
// made at start, then each picture) is reported as a race between threads that are in fact
// ordered; and Pango starts fontconfig on a thread of its own ("[pango] FcInit") that maps the
// font cache file while glib reads names from it. Reports with a frame in those libraries are
// suppressed, through the hook ThreadSanitizer reads itself; a race whose stacks pass through
// none of them (the shop's own threads, pools, caches and server) is still reported.
#if defined(__SANITIZE_THREAD__)
// NOLINTNEXTLINE(bugprone-reserved-identifier): the name ThreadSanitizer looks for.
extern "C" const char* __tsan_default_suppressions() {
  return "race:libfontconfig.so\n"
         "race:libvips.so\n"
         "race:libglib-2.0.so\n"
         "race:libgobject-2.0.so\n";
}

// A suppressed report is still a whole report first (both stacks unwound and symbolised), and
// libvips' workers make thousands per picture through the memcpy ThreadSanitizer intercepts:
// seeding the tests' 22 pictures went past ten minutes. Calls into intercepted functions from
// a library not built for ThreadSanitizer are not checked at all (57 s for the same seed); the
// shop's own code is instrumented and checked as before. TSAN_OPTIONS can still override it.
// NOLINTNEXTLINE(bugprone-reserved-identifier): the name ThreadSanitizer looks for.
extern "C" const char* __tsan_default_options() {
  return "ignore_noninstrumented_modules=1";
}
#endif
