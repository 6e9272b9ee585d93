#include "artshop/core/ports/image_processor.hpp"

#include <cstddef>

namespace artshop {

void GatheredPicture::begin(int width, int height) {
  image.width = width;
  image.height = height;
  image.rgb.reserve(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 3);
}

void GatheredPicture::rows(std::span<const std::uint8_t> rgb) {
  image.rgb.insert(image.rgb.end(), rgb.begin(), rgb.end());
}

EncodedImage ImageProcessor::encode_drawn(const std::function<void(PictureRows&)>& draw,
                                          int long_edge, ImageFormat format) {
  GatheredPicture picture;
  draw(picture);
  return encode_at(picture.image, long_edge, format);
}

}  // namespace artshop
