#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "artshop/imagegen/procedural_image_generator.hpp"
#include "artshop/media/vips_image_processor.hpp"

namespace artshop::media {
namespace {

bool is_webp(std::string_view bytes) {
  return bytes.size() > 12 && bytes.substr(0, 4) == "RIFF" && bytes.substr(8, 4) == "WEBP";
}
bool is_jpeg(std::string_view bytes) {
  return bytes.substr(0, 3) == "\xFF\xD8\xFF";
}
bool is_png(std::string_view bytes) {
  return bytes.substr(0, 8) == "\x89PNG\r\n\x1A\n";
}

Image solid(int width, int height, std::uint8_t r, std::uint8_t g, std::uint8_t b) {
  Image image{width, height, {}};
  for (int i = 0; i < width * height; ++i) image.rgb.insert(image.rgb.end(), {r, g, b});
  return image;
}

// A PNG of RGBA (colour type 6) or grey (colour type 0) rows, written by hand with stored
// (uncompressed) deflate blocks, so that the test does not rely on the processor's own encoder
// to make the kinds of file it reads.
std::string handmade_png(int width, int height, int channels,
                         const std::vector<std::uint8_t>& samples) {
  const auto crc32 = [](std::string_view bytes) {
    std::uint32_t crc = 0xFFFFFFFFU;
    for (const char c : bytes) {
      crc ^= static_cast<std::uint8_t>(c);
      for (int k = 0; k < 8; ++k) crc = (crc >> 1U) ^ (0xEDB88320U & (0U - (crc & 1U)));
    }
    return crc ^ 0xFFFFFFFFU;
  };
  const auto big_endian = [](std::uint32_t value) {
    return std::string{static_cast<char>(value >> 24U), static_cast<char>(value >> 16U),
                       static_cast<char>(value >> 8U), static_cast<char>(value)};
  };
  const auto chunk = [&](std::string_view type, const std::string& data) {
    const std::string typed = std::string(type) + data;
    return big_endian(static_cast<std::uint32_t>(data.size())) + typed + big_endian(crc32(typed));
  };
  std::string raw;  // each row behind filter byte 0
  const auto row_bytes = static_cast<std::size_t>(width) * static_cast<std::size_t>(channels);
  for (int y = 0; y < height; ++y) {
    raw += '\0';
    raw.append(
        reinterpret_cast<const char*>(samples.data()) + static_cast<std::size_t>(y) * row_bytes,
        row_bytes);
  }
  std::string zlib = "\x78\x01";
  std::uint32_t a = 1, b = 0;  // Adler-32
  for (const char c : raw) {
    a = (a + static_cast<std::uint8_t>(c)) % 65521U;
    b = (b + a) % 65521U;
  }
  for (std::size_t at = 0; at < raw.size(); at += 65535) {
    const auto length = static_cast<std::uint16_t>(std::min<std::size_t>(65535, raw.size() - at));
    zlib += static_cast<char>(at + length == raw.size() ? 1 : 0);
    zlib += {static_cast<char>(length & 0xFFU), static_cast<char>(length >> 8U),
             static_cast<char>(~length & 0xFF), static_cast<char>((~length >> 8) & 0xFF)};
    zlib.append(raw, at, length);
  }
  zlib += big_endian((b << 16U) | a);
  const std::string header = big_endian(static_cast<std::uint32_t>(width)) +
                             big_endian(static_cast<std::uint32_t>(height)) +
                             std::string{8, static_cast<char>(channels == 4 ? 6 : 0), 0, 0, 0};
  return "\x89PNG\r\n\x1A\n" + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", "");
}

int brightness(const Image& image, int x, int y) {
  const int pixel = y * image.width + x;
  const auto at = static_cast<std::size_t>(pixel) * 3;
  return (image.rgb[at] + image.rgb[at + 1] + image.rgb[at + 2]) / 3;
}

// One processor and two originals for the whole suite: a 2048 x 1365 landscape and a
// 900 x 1600 portrait, drawn by the generator and stored as PNG like the shop's seed data.
class MediaVipsProcessor : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    shared_processor = std::make_unique<VipsImageProcessor>();
    imagegen::ProceduralImageGenerator generator;
    landscape_png = shared_processor
                        ->encode_png(generator.generate(
                            {"harbour", ArtStyle::Anime, AspectRatio::R3x2, 1, 2048}))
                        .bytes;
    portrait_png = shared_processor
                       ->encode_png(generator.generate(
                           {"tower", ArtStyle::Cyberpunk, AspectRatio::R9x16, 1, 1600}))
                       .bytes;
  }
  static void TearDownTestSuite() { shared_processor.reset(); }

  static VipsImageProcessor& processor() { return *shared_processor; }
  static std::span<const std::uint8_t> landscape() { return bytes_of(landscape_png); }
  static std::span<const std::uint8_t> portrait() { return bytes_of(portrait_png); }

  // Checks the bytes are a `format` file that decodes to exactly the size it claims.
  static void expect_decodes(const EncodedImage& image, ImageFormat format) {
    EXPECT_EQ(image.format, format);
    switch (format) {
      case ImageFormat::Webp:
        EXPECT_TRUE(is_webp(image.bytes));
        break;
      case ImageFormat::Jpeg:
        EXPECT_TRUE(is_jpeg(image.bytes));
        break;
      case ImageFormat::Png:
        EXPECT_TRUE(is_png(image.bytes));
        break;
    }
    const Image decoded = processor().decode(bytes_of(image.bytes));
    EXPECT_EQ(decoded.width, image.width);
    EXPECT_EQ(decoded.height, image.height);
  }

 private:
  static inline std::unique_ptr<VipsImageProcessor> shared_processor;
  static inline std::string landscape_png;
  static inline std::string portrait_png;
};

TEST_F(MediaVipsProcessor, ProbeReadsTheOriginalsSize) {
  EXPECT_EQ(processor().probe(landscape()), (ImageSize{2048, 1365}));
  EXPECT_EQ(processor().probe(portrait()), (ImageSize{900, 1600}));
}

TEST_F(MediaVipsProcessor, ThumbnailHasLongEdge480AndTheOriginalsAspect) {
  for (const ImageFormat format : {ImageFormat::Webp, ImageFormat::Jpeg}) {
    const EncodedImage across = processor().thumbnail(landscape(), format);
    EXPECT_EQ(across.width, 480);
    EXPECT_EQ(across.height, 320);  // 1365 * 480 / 2048 = 319.9
    expect_decodes(across, format);
    const EncodedImage upright = processor().thumbnail(portrait(), format);
    EXPECT_EQ(upright.width, 270);
    EXPECT_EQ(upright.height, 480);
    expect_decodes(upright, format);
  }
}

TEST_F(MediaVipsProcessor, PreviewHasLongEdge1600AndTheOriginalsAspect) {
  for (const ImageFormat format : {ImageFormat::Webp, ImageFormat::Jpeg}) {
    const EncodedImage across = processor().watermarked_preview(landscape(), format);
    EXPECT_EQ(across.width, 1600);
    EXPECT_EQ(across.height, 1066);  // 1365 * 1600 / 2048 = 1066.4
    expect_decodes(across, format);
    const EncodedImage upright = processor().watermarked_preview(portrait(), format);
    EXPECT_EQ(upright.width, 900);
    EXPECT_EQ(upright.height, 1600);
    expect_decodes(upright, format);
  }
}

TEST_F(MediaVipsProcessor, RenderAtGivesExactlyTheBoughtLongEdge) {
  struct Case {
    int long_edge;
    int short_edge;  // 1365 / 2048 of it, rounded
  };
  for (const Case c : {Case{1920, 1280}, Case{7680, 5119}, Case{100, 67}}) {
    const EncodedImage image = processor().render_at(landscape(), c.long_edge, ImageFormat::Jpeg);
    EXPECT_EQ(image.width, c.long_edge);
    EXPECT_EQ(image.height, c.short_edge) << c.long_edge;
  }
  const EncodedImage upright = processor().render_at(portrait(), 3840, ImageFormat::Jpeg);
  EXPECT_EQ(upright.width, 2160);
  EXPECT_EQ(upright.height, 3840);
  expect_decodes(upright, ImageFormat::Jpeg);
}

TEST_F(MediaVipsProcessor, RenderAtRefusesImpossibleSizes) {
  EXPECT_THROW(processor().render_at(landscape(), 0, ImageFormat::Jpeg), std::invalid_argument);
  EXPECT_THROW(processor().render_at(landscape(), 16384, ImageFormat::Webp), std::invalid_argument);
}

TEST_F(MediaVipsProcessor, EncodeAtKeepsOrResizesPixelsInMemoryToTheLongEdge) {
  const Image picture = solid(400, 300, 200, 40, 40);
  const EncodedImage same = processor().encode_at(picture, 400, ImageFormat::Jpeg);
  EXPECT_EQ(same.width, 400);
  EXPECT_EQ(same.height, 300);
  expect_decodes(same, ImageFormat::Jpeg);
  const EncodedImage larger = processor().encode_at(picture, 1000, ImageFormat::Jpeg);
  EXPECT_EQ(larger.width, 1000);
  EXPECT_EQ(larger.height, 750);
  expect_decodes(larger, ImageFormat::Jpeg);
  EXPECT_THROW(processor().encode_at(picture, 0, ImageFormat::Jpeg), std::invalid_argument);
  EXPECT_THROW(
      processor().encode_at(Image{.width = 4, .height = 4, .rgb = {1, 2}}, 8, ImageFormat::Jpeg),
      std::invalid_argument);
}

TEST_F(MediaVipsProcessor, JpegIsProgressive) {
  const EncodedImage jpeg = processor().thumbnail(landscape(), ImageFormat::Jpeg);
  EXPECT_NE(jpeg.bytes.find("\xFF\xC2"), std::string::npos) << "SOF2 marks a progressive JPEG";
}

// A download above 2048 pixels is a baseline JPEG: the encoder then holds a few rows rather
// than the coefficients of the whole picture. It is still the picture, within JPEG's loss.
TEST_F(MediaVipsProcessor, LargeJpegIsBaselineAndDecodesToThePicture) {
  imagegen::ProceduralImageGenerator generator;
  const Image picture =
      generator.generate({"harbour", ArtStyle::Photorealism, AspectRatio::R3x2, 1, 2400});
  const EncodedImage jpeg = processor().encode_at(picture, 2400, ImageFormat::Jpeg);
  EXPECT_NE(jpeg.bytes.find("\xFF\xC0"), std::string::npos) << "SOF0 marks a baseline JPEG";
  EXPECT_EQ(jpeg.bytes.find("\xFF\xC2"), std::string::npos);
  const Image decoded = processor().decode(bytes_of(jpeg.bytes));
  ASSERT_EQ(decoded.width, picture.width);
  ASSERT_EQ(decoded.height, picture.height);
  double difference = 0;
  for (std::size_t i = 0; i < picture.rgb.size(); ++i) {
    difference += std::abs(decoded.rgb[i] - picture.rgb[i]);
  }
  EXPECT_LT(difference / static_cast<double>(picture.rgb.size()), 3.0);
  const EncodedImage at_2048 = processor().encode_at(picture, 2048, ImageFormat::Jpeg);
  EXPECT_NE(at_2048.bytes.find("\xFF\xC2"), std::string::npos) << "progressive up to 2048";
}

// A large download goes into its JPEG as it is drawn, band by band, and is never held whole:
// the file is the very one encode_at makes of the whole picture.
TEST_F(MediaVipsProcessor, ALargeJpegWrittenAsItIsDrawnIsTheOneOfTheWholePicture) {
  imagegen::ProceduralImageGenerator generator;
  for (const AspectRatio ratio : {AspectRatio::R3x2, AspectRatio::R2x3}) {
    const GenerationRequest request{"harbour", ArtStyle::Photorealism, ratio, 1, 2400};
    const EncodedImage whole =
        processor().encode_at(generator.generate(request), 2400, ImageFormat::Jpeg);
    const EncodedImage drawn =
        processor().encode_drawn([&](PictureRows& rows) { generator.generate_rows(request, rows); },
                                 2400, ImageFormat::Jpeg);
    EXPECT_EQ(drawn.width, whole.width);
    EXPECT_EQ(drawn.height, whole.height);
    EXPECT_TRUE(drawn.bytes == whole.bytes) << name(ratio);  // not printed: a megabyte
    expect_decodes(drawn, ImageFormat::Jpeg);
  }
}

TEST_F(MediaVipsProcessor, APictureDrawnForAnotherSizeOrFormatIsEncodedAsEncodeAtDoes) {
  imagegen::ProceduralImageGenerator generator;
  const GenerationRequest request{"harbour", ArtStyle::Anime, AspectRatio::R4x3, 1, 400};
  const Image picture = generator.generate(request);
  struct Case {
    int long_edge;
    ImageFormat format;
  };
  for (const auto [long_edge, format] :
       {Case{400, ImageFormat::Jpeg}, Case{1000, ImageFormat::Jpeg}, Case{400, ImageFormat::Webp},
        Case{400, ImageFormat::Png}}) {
    const EncodedImage drawn = processor().encode_drawn(
        [&](PictureRows& rows) { generator.generate_rows(request, rows); }, long_edge, format);
    const EncodedImage whole = processor().encode_at(picture, long_edge, format);
    EXPECT_TRUE(drawn.bytes == whole.bytes) << long_edge << " " << extension(format);
    EXPECT_EQ(drawn.width, whole.width);
  }
}

TEST_F(MediaVipsProcessor, RefusesDrawnRowsThatDoNotMakeUpThePicture) {
  const std::vector<std::uint8_t> row(2400 * 3, 128);
  const auto draw = [&](int rows_given, std::size_t extra_bytes) {
    return [&, rows_given, extra_bytes](PictureRows& rows) {
      rows.begin(2400, 4);
      for (int i = 0; i < rows_given; ++i) rows.rows(row);
      if (extra_bytes > 0) rows.rows(std::span(row).first(extra_bytes));
    };
  };
  EXPECT_THROW(processor().encode_drawn(draw(5, 0), 2400, ImageFormat::Jpeg),
               std::invalid_argument);
  EXPECT_THROW(processor().encode_drawn(draw(1, 5), 2400, ImageFormat::Jpeg),
               std::invalid_argument);
  EXPECT_THROW(processor().encode_drawn(draw(3, 0), 2400, ImageFormat::Jpeg), std::logic_error);
  EXPECT_TRUE(is_jpeg(processor().encode_drawn(draw(4, 0), 2400, ImageFormat::Jpeg).bytes));
}

// A camera JPEG: the original with an EXIF block naming the camera and saying "turn 90
// degrees clockwise to view" (orientation 6), as phones write it.
std::string camera_jpeg(std::string jpeg) {
  const std::string tiff(
      "II*\0\x08\0\0\0"                     // little-endian TIFF, first directory at 8
      "\x02\0"                              // two entries, sorted by tag
      "\x0F\x01\x02\0\x0A\0\0\0\x26\0\0\0"  // Make, ASCII, 10 bytes at offset 38
      "\x12\x01\x03\0\x01\0\0\0\x06\0\0\0"  // Orientation, SHORT, 6
      "\0\0\0\0"                            // no further directory
      "SecretCam\0",
      48);
  const std::string payload = std::string("Exif\0\0", 6) + tiff;
  const auto length = static_cast<char>(payload.size() + 2);
  jpeg.insert(2, std::string("\xFF\xE1\0", 3) + length + payload);  // APP1 right after SOI
  return jpeg;
}

TEST_F(MediaVipsProcessor, TurnsCameraPicturesUprightAndDropsTheirMetadata) {
  const std::string camera =
      camera_jpeg(processor().render_at(landscape(), 1200, ImageFormat::Jpeg).bytes);
  ASSERT_NE(camera.find("SecretCam"), std::string::npos);
  EXPECT_EQ(processor().probe(bytes_of(camera)), (ImageSize{800, 1200}));
  for (const ImageFormat format : {ImageFormat::Webp, ImageFormat::Jpeg, ImageFormat::Png}) {
    const EncodedImage thumbnail = processor().thumbnail(bytes_of(camera), format);
    EXPECT_EQ(thumbnail.width, 320);
    EXPECT_EQ(thumbnail.height, 480);
    EXPECT_EQ(thumbnail.bytes.find("SecretCam"), std::string::npos) << extension(format);
    const Image decoded = processor().decode(bytes_of(thumbnail.bytes));
    EXPECT_EQ(decoded.width, 320) << "no orientation left to turn it again";
  }
}

TEST_F(MediaVipsProcessor, EncodePngKeepsEveryPixel) {
  imagegen::ProceduralImageGenerator generator;
  const Image drawn =
      generator.generate({"pixels", ArtStyle::Impressionism, AspectRatio::R4x3, 9, 300});
  const EncodedImage png = processor().encode_png(drawn);
  EXPECT_TRUE(is_png(png.bytes));
  EXPECT_EQ(png.width, 300);
  EXPECT_EQ(png.height, 225);
  EXPECT_EQ(processor().decode(bytes_of(png.bytes)).rgb, drawn.rgb);
}

TEST_F(MediaVipsProcessor, DecodeFlattensTransparencyOntoWhiteAndGivesThreeBands) {
  // Two pixels: transparent red, opaque blue.
  const std::string png = handmade_png(2, 1, 4, {255, 0, 0, 0, 0, 0, 255, 255});
  const Image decoded = processor().decode(bytes_of(png));
  EXPECT_EQ(decoded.width, 2);
  EXPECT_EQ(decoded.height, 1);
  EXPECT_EQ(decoded.rgb, (std::vector<std::uint8_t>{255, 255, 255, 0, 0, 255}));
}

TEST_F(MediaVipsProcessor, DecodeTurnsGreyIntoThreeEqualBands) {
  const std::string png = handmade_png(3, 1, 1, {0, 128, 255});
  const Image decoded = processor().decode(bytes_of(png));
  EXPECT_EQ(decoded.rgb, (std::vector<std::uint8_t>{0, 0, 0, 128, 128, 128, 255, 255, 255}));
}

TEST_F(MediaVipsProcessor, DecodeRefusesWhatIsNotAPicture) {
  const std::string garbage = "\x89PNG but nothing after";
  EXPECT_THROW(processor().decode(bytes_of(garbage)), std::runtime_error);
}

TEST_F(MediaVipsProcessor, EncodePngRefusesAMismatchedBuffer) {
  Image broken = solid(10, 10, 1, 2, 3);
  broken.rgb.pop_back();
  EXPECT_THROW(processor().encode_png(broken), std::invalid_argument);
  EXPECT_THROW(processor().encode_png(Image{0, 0, {}}), std::invalid_argument);
}

TEST_F(MediaVipsProcessor, UnreadableOriginalsThrow) {
  const std::string garbage = "this is not an image at all";
  EXPECT_THROW(processor().probe(bytes_of(garbage)), std::runtime_error);
  EXPECT_THROW(processor().thumbnail(bytes_of(garbage), ImageFormat::Webp), std::runtime_error);
  EXPECT_THROW(processor().probe({}), std::runtime_error);
  // A JPEG cut in half is an error, not a half-grey picture.
  const std::string jpeg = processor().render_at(landscape(), 1200, ImageFormat::Jpeg).bytes;
  const std::string truncated = jpeg.substr(0, jpeg.size() / 2);
  EXPECT_THROW(processor().thumbnail(bytes_of(truncated), ImageFormat::Jpeg), std::runtime_error);
}

TEST_F(MediaVipsProcessor, WorksFromManyThreadsAtOnce) {
  const std::string expected = processor().thumbnail(landscape(), ImageFormat::Webp).bytes;
  std::vector<std::string> results(4);
  std::vector<std::thread> threads;
  for (auto& result : results) {
    threads.emplace_back(
        [&result] { result = processor().thumbnail(landscape(), ImageFormat::Webp).bytes; });
  }
  for (auto& thread : threads) thread.join();
  for (const auto& result : results) EXPECT_EQ(result, expected);
}

// The watermark, measured against the unmarked picture at the same size.
class MediaWatermark : public MediaVipsProcessor {
 protected:
  static Image decoded(const EncodedImage& image) {
    return processor().decode(bytes_of(image.bytes));
  }

  // The share of pixels, in a band a fifth of the height wide along the rising diagonal,
  // whose brightness differs by more than 20 levels: a watermark there cannot be missed.
  static double diagonal_marking(const Image& a, const Image& b) {
    int marked = 0;
    int count = 0;
    const int half_band = a.height / 10;
    for (int x = 0; x < a.width; ++x) {
      const int y0 = a.height - 1 - x * a.height / a.width;
      for (int y = std::max(0, y0 - half_band); y < std::min(a.height, y0 + half_band); ++y) {
        marked += std::abs(brightness(a, x, y) - brightness(b, x, y)) > 20;
        ++count;
      }
    }
    return static_cast<double>(marked) / count;
  }
};

TEST_F(MediaWatermark, PreviewDiffersClearlyFromAPlainResizeAlongTheDiagonal) {
  const Image marked = decoded(processor().watermarked_preview(landscape(), ImageFormat::Png));
  const Image plain = decoded(processor().render_at(landscape(), 1600, ImageFormat::Png));
  ASSERT_EQ(marked.width, plain.width);
  ASSERT_EQ(marked.height, plain.height);
  EXPECT_GT(diagonal_marking(marked, plain), 0.03);
}

TEST_F(MediaWatermark, ShowsBrightOnADarkPicture) {
  const std::string dark = processor().encode_png(solid(1200, 800, 12, 14, 20)).bytes;
  const Image marked = decoded(processor().watermarked_preview(bytes_of(dark), ImageFormat::Png));
  const Image plain = decoded(processor().render_at(bytes_of(dark), 1600, ImageFormat::Png));
  int brighter = 0;
  for (int y = 0; y < marked.height; ++y) {
    for (int x = 0; x < marked.width; ++x) {
      brighter += brightness(marked, x, y) > brightness(plain, x, y) + 60;
    }
  }
  EXPECT_GT(brighter, marked.width * marked.height / 50)
      << "at least 2 % of the pixels are lettering";
  EXPECT_GT(diagonal_marking(marked, plain), 0.03);
}

TEST_F(MediaWatermark, ShowsDarkEdgesOnAWhitePicture) {
  const std::string white = processor().encode_png(solid(1200, 800, 255, 255, 255)).bytes;
  const Image marked = decoded(processor().watermarked_preview(bytes_of(white), ImageFormat::Png));
  int darker = 0;
  for (int y = 0; y < marked.height; ++y) {
    for (int x = 0; x < marked.width; ++x) darker += brightness(marked, x, y) < 215;
  }
  EXPECT_GT(darker, marked.width * marked.height / 50);
}

TEST_F(MediaWatermark, BoughtRendersAndThumbnailsAreNotMarked) {
  const std::string dark = processor().encode_png(solid(1200, 800, 12, 14, 20)).bytes;
  for (const Image& image : {decoded(processor().render_at(bytes_of(dark), 1600, ImageFormat::Png)),
                             decoded(processor().thumbnail(bytes_of(dark), ImageFormat::Png))}) {
    int brightest = 0;
    for (int y = 0; y < image.height; ++y) {
      for (int x = 0; x < image.width; ++x) {
        brightest = std::max(brightest, brightness(image, x, y));
      }
    }
    EXPECT_LT(brightest, 20);
  }
}

}  // namespace
}  // namespace artshop::media
