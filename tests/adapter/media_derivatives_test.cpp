#include <gtest/gtest.h>

#include "artshop/imagegen/procedural_image_generator.hpp"
#include "artshop/media/vips_image_processor.hpp"

namespace artshop::media {
namespace {

TEST(MediaDerivatives, MakesTheFourPublicPicturesFromPixelsInMemory) {
  imagegen::ProceduralImageGenerator generator;
  const auto picture = generator.generate({.prompt = "harbour at dawn",
                                           .style = ArtStyle::Watercolor,
                                           .aspect_ratio = AspectRatio::R2x3,
                                           .seed = 7,
                                           .long_edge = kPreviewLongEdge});
  VipsImageProcessor processor;
  const auto made = processor.derivatives(picture);
  for (const auto* image : {&made.thumbnail_webp, &made.thumbnail_jpeg}) {
    EXPECT_EQ(image->height, kThumbnailLongEdge) << "a 2x3 picture is taller than wide";
    EXPECT_NEAR(image->width, kThumbnailLongEdge * 2.0 / 3, 1);
  }
  for (const auto* image : {&made.preview_webp, &made.preview_jpeg}) {
    EXPECT_EQ(image->height, kPreviewLongEdge);
    EXPECT_NEAR(image->width, kPreviewLongEdge * 2.0 / 3, 1);
  }
  EXPECT_EQ(made.thumbnail_webp.bytes.substr(8, 4), "WEBP");
  EXPECT_EQ(made.preview_jpeg.bytes.substr(0, 3), "\xFF\xD8\xFF");
  // The preview carries the watermark: it differs from the plain picture at preview size.
  const auto plain = processor.decode(bytes_of(processor.encode_png(picture).bytes));
  const auto marked = processor.decode(bytes_of(made.preview_jpeg.bytes));
  ASSERT_EQ(plain.rgb.size(), marked.rgb.size());
  std::size_t changed = 0;
  for (std::size_t i = 0; i < plain.rgb.size(); i += 3) {
    changed += std::abs(int(plain.rgb[i]) - int(marked.rgb[i])) > 40;
  }
  EXPECT_GT(changed, plain.rgb.size() / 3 / 100) << "more than 1% of the pixels carry the mark";
}

}  // namespace
}  // namespace artshop::media
