#include "artshop/media/vips_image_processor.hpp"

#include <glib.h>

#include <algorithm>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>

#include "jpeg_rows.hpp"
#include "vips_support.hpp"
#include "watermark.hpp"

namespace artshop::media {

namespace {

using vips::VImage;

// WebP cannot hold a side longer than 16383 pixels.
constexpr int kMaxLongEdge = 16383;

EncodedImage encoded(const VImage& image, ImageFormat format) {
  return {format, encode(image, format), image.width(), image.height()};
}

void check_pixels(const Image& image) {
  const auto expected = static_cast<std::size_t>(image.width > 0 ? image.width : 0) *
                        static_cast<std::size_t>(image.height > 0 ? image.height : 0) * 3;
  if (image.width <= 0 || image.height <= 0 || image.rgb.size() != expected) {
    throw std::invalid_argument("an image needs width * height * 3 bytes of RGB");
  }
}

void check_long_edge(int long_edge) {
  if (long_edge < 1 || long_edge > kMaxLongEdge) {
    throw std::invalid_argument("a long edge must be from 1 to " + std::to_string(kMaxLongEdge) +
                                " pixels");
  }
}

// The pixels as a vips image, without a copy: vips only reads them.
VImage wrap(const Image& image) {
  return VImage::new_from_memory(const_cast<std::uint8_t*>(image.rgb.data()), image.rgb.size(),
                                 image.width, image.height, 3, VIPS_FORMAT_UCHAR);
}

// `image` with its longer side exactly `long_edge`, computed once into memory so that
// encoding it twice does not resize it twice.
VImage fitted(const VImage& image, int long_edge) {
  return image
      .thumbnail_image(long_edge,
                       VImage::option()->set("height", long_edge)->set("size", VIPS_SIZE_BOTH))
      .copy_memory();
}

// A drawn picture's rows, written straight into a baseline JPEG when the file is one at the
// size drawn, and gathered otherwise.
class DrawnPicture final : public PictureRows {
 public:
  DrawnPicture(int long_edge, ImageFormat format) : long_edge_(long_edge), format_(format) {}

  void begin(int width, int height) override {
    width_ = width;
    height_ = height;
    if (format_ == ImageFormat::Jpeg && std::max(width, height) == long_edge_ &&
        long_edge_ > kProgressiveJpegUpTo) {
      jpeg_.emplace(width, height, kJpegQuality);
    } else {
      gathered_.begin(width, height);
    }
  }
  void rows(std::span<const std::uint8_t> rgb) override {
    if (jpeg_) {
      jpeg_->write(rgb);
    } else {
      gathered_.rows(rgb);
    }
  }

  // The JPEG written, if the rows went into one.
  std::optional<EncodedImage> written() {
    if (!jpeg_) return std::nullopt;
    return EncodedImage{ImageFormat::Jpeg, jpeg_->finish(), width_, height_};
  }
  const Image& gathered() const noexcept { return gathered_.image; }

 private:
  int long_edge_;
  ImageFormat format_;
  int width_ = 0;
  int height_ = 0;
  std::optional<JpegRowWriter> jpeg_;
  GatheredPicture gathered_;
};

// The upright size of an opened picture: EXIF orientations 5 to 8 turn it by 90 degrees.
ImageSize upright_size(const VImage& image) {
  if (vips_image_get_orientation_swap(image.get_image())) {
    return ImageSize{image.height(), image.width()};
  }
  return ImageSize{image.width(), image.height()};
}

// The format libvips finds by sniffing the bytes, when it is one the shop takes. The loader's
// class name says it: VipsForeignLoadJpegBuffer, VipsForeignLoadPngBuffer, ...
std::optional<ImageFormat> format_of_content(std::span<const std::uint8_t> encoded) {
  const char* loader = vips_foreign_find_load_buffer(encoded.data(), encoded.size());
  if (loader == nullptr) {
    vips_error_clear();
    return std::nullopt;
  }
  std::string name(loader);
  std::ranges::transform(name, name.begin(), [](char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  });
  if (name.find("jpeg") != std::string::npos) return ImageFormat::Jpeg;
  if (name.find("png") != std::string::npos) return ImageFormat::Png;
  if (name.find("webp") != std::string::npos) return ImageFormat::Webp;
  return std::nullopt;
}

}  // namespace

VipsImageProcessor::VipsImageProcessor(int threads_per_image) {
  start_vips();
  if (threads_per_image > 0) vips_concurrency_set(threads_per_image);
  watermark_ = translating_vips_errors("cannot render the watermark",
                                       [] { return std::make_unique<const WatermarkTile>(); });
}

VipsImageProcessor::~VipsImageProcessor() = default;

EncodedImage VipsImageProcessor::thumbnail(std::span<const std::uint8_t> original,
                                           ImageFormat format) {
  return translating_vips_errors("cannot make a thumbnail", [&] {
    return encoded(load_scaled(original, kThumbnailLongEdge), format);
  });
}

EncodedImage VipsImageProcessor::watermarked_preview(std::span<const std::uint8_t> original,
                                                     ImageFormat format) {
  return translating_vips_errors("cannot make a preview", [&] {
    return encoded(watermark_->apply(load_scaled(original, kPreviewLongEdge)), format);
  });
}

EncodedImage VipsImageProcessor::encode_at(const Image& picture, int long_edge,
                                           ImageFormat format) {
  check_long_edge(long_edge);
  check_pixels(picture);
  return translating_vips_errors("cannot render the image", [&] {
    const VImage pixels = wrap(picture);
    return encoded(
        std::max(picture.width, picture.height) == long_edge ? pixels : fitted(pixels, long_edge),
        format);
  });
}

EncodedImage VipsImageProcessor::encode_drawn(const std::function<void(PictureRows&)>& draw,
                                              int long_edge, ImageFormat format) {
  check_long_edge(long_edge);
  DrawnPicture drawn(long_edge, format);
  draw(drawn);
  if (auto jpeg = drawn.written()) return std::move(*jpeg);
  return encode_at(drawn.gathered(), long_edge, format);
}

EncodedImage VipsImageProcessor::render_at(std::span<const std::uint8_t> original, int long_edge,
                                           ImageFormat format) {
  check_long_edge(long_edge);
  return translating_vips_errors("cannot render the image",
                                 [&] { return encoded(load_scaled(original, long_edge), format); });
}

EncodedImage VipsImageProcessor::encode_png(const Image& image) {
  check_pixels(image);
  return translating_vips_errors("cannot encode a PNG",
                                 [&] { return encoded(wrap(image), ImageFormat::Png); });
}

Derivatives VipsImageProcessor::derivatives(const Image& picture) {
  check_pixels(picture);
  return translating_vips_errors("cannot make the derivatives", [&] {
    const VImage pixels = wrap(picture);
    const VImage thumbnail = fitted(pixels, kThumbnailLongEdge);
    const VImage preview = watermark_->apply(fitted(pixels, kPreviewLongEdge)).copy_memory();
    return Derivatives{.thumbnail_webp = encoded(thumbnail, ImageFormat::Webp),
                       .thumbnail_jpeg = encoded(thumbnail, ImageFormat::Jpeg),
                       .preview_webp = encoded(preview, ImageFormat::Webp),
                       .preview_jpeg = encoded(preview, ImageFormat::Jpeg)};
  });
}

ImageSize VipsImageProcessor::probe(std::span<const std::uint8_t> original) {
  return translating_vips_errors("cannot read the image",
                                 [&] { return upright_size(open_header(original)); });
}

std::optional<PictureHeader> VipsImageProcessor::inspect(std::span<const std::uint8_t> encoded) {
  if (encoded.empty()) return std::nullopt;
  const auto format = format_of_content(encoded);
  if (!format) return std::nullopt;
  try {
    return PictureHeader{.format = *format, .size = upright_size(open_header(encoded))};
  } catch (const vips::VError&) {
    vips_error_clear();  // a damaged header: not a picture the shop takes
    return std::nullopt;
  }
}

Image VipsImageProcessor::decode(std::span<const std::uint8_t> encoded_bytes) {
  return translating_vips_errors("cannot decode the image", [&] {
    const VImage image = to_srgb8(open_header(encoded_bytes).autorot());
    std::size_t size = 0;
    void* memory = image.write_to_memory(&size);
    Image pixels{image.width(), image.height(), std::vector<std::uint8_t>(size)};
    std::memcpy(pixels.rgb.data(), memory, size);
    g_free(memory);
    return pixels;
  });
}

}  // namespace artshop::media
