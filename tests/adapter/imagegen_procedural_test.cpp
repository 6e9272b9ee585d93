#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "artshop/imagegen/procedural_image_generator.hpp"

namespace artshop::imagegen {
namespace {

Image draw(std::string prompt, ArtStyle style, AspectRatio ratio, std::uint64_t seed,
           int long_edge = 256) {
  ProceduralImageGenerator generator;
  return generator.generate({std::move(prompt), style, ratio, seed, long_edge});
}

// Colour statistics that tell styles apart.
struct Look {
  std::array<double, 64> histogram{};  // 4 levels per channel, as shares of all pixels
  std::size_t distinct_colours = 0;
  double mean_red = 0, mean_green = 0, mean_blue = 0;
  double luminance = 0;   // 0..1
  double saturation = 0;  // 0..1, HSV
  double gold = 0;        // share of warm yellow, saturated, bright pixels
  double vivid = 0;       // share of strongly saturated bright pixels
};

Look look_at(const Image& image) {
  Look look;
  std::set<std::uint32_t> colours;
  const std::size_t pixels = image.rgb.size() / 3;
  const double share = 1.0 / static_cast<double>(pixels);
  for (std::size_t i = 0; i < pixels; ++i) {
    const int r = image.rgb[3 * i];
    const int g = image.rgb[3 * i + 1];
    const int b = image.rgb[3 * i + 2];
    const int bin = (r >> 6) * 16 + (g >> 6) * 4 + (b >> 6);
    look.histogram[static_cast<std::size_t>(bin)] += share;
    colours.insert(static_cast<std::uint32_t>((r << 16) | (g << 8) | b));
    look.mean_red += r * share;
    look.mean_green += g * share;
    look.mean_blue += b * share;
    look.luminance += (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255.0 * share;
    const int high = std::max({r, g, b});
    const int low = std::min({r, g, b});
    const double saturation = high == 0 ? 0.0 : static_cast<double>(high - low) / high;
    look.saturation += saturation * share;
    if (saturation > 0.75 && high > 170) look.vivid += share;
    const bool yellowish = high == r && g > b && high > low &&
                           60.0 * (g - b) / (high - low) >= 35.0;  // hue 35 to 60 degrees
    if (yellowish && saturation > 0.4 && high > 120) look.gold += share;
  }
  look.distinct_colours = colours.size();
  return look;
}

double histogram_distance(const Look& a, const Look& b) {
  double sum = 0;
  for (std::size_t i = 0; i < a.histogram.size(); ++i) {
    sum += std::abs(a.histogram[i] - b.histogram[i]);
  }
  return sum / 2;  // 0 for equal histograms, 1 for disjoint ones
}

// `image` at half its size, each pixel the mean of a 2 x 2 block.
Image halved(const Image& image) {
  Image half{image.width / 2, image.height / 2, {}};
  const auto at = [&](int x, int y, int channel) {
    const int offset = (y * image.width + x) * 3 + channel;
    return static_cast<int>(image.rgb[static_cast<std::size_t>(offset)]);
  };
  for (int y = 0; y < half.height; ++y) {
    for (int x = 0; x < half.width; ++x) {
      for (int c = 0; c < 3; ++c) {
        const int sum = at(2 * x, 2 * y, c) + at(2 * x + 1, 2 * y, c) + at(2 * x, 2 * y + 1, c) +
                        at(2 * x + 1, 2 * y + 1, c);
        half.rgb.push_back(static_cast<std::uint8_t>((sum + 2) / 4));
      }
    }
  }
  return half;
}

// Mean absolute difference per channel, 0 to 255.
double mean_difference(const Image& a, const Image& b) {
  double sum = 0;
  for (std::size_t i = 0; i < a.rgb.size(); ++i) sum += std::abs(a.rgb[i] - b.rgb[i]);
  return sum / static_cast<double>(a.rgb.size());
}

std::uint64_t digest(const std::vector<std::uint8_t>& bytes) {
  std::uint64_t hash = 0xCBF29CE484222325ULL;
  for (const std::uint8_t byte : bytes) hash = (hash ^ byte) * 0x100000001B3ULL;
  return hash;
}

TEST(ImagegenProcedural, SameRequestDrawsIdenticalPixelsInEveryStyle) {
  for (const ArtStyle style : kAllArtStyles) {
    const Image first = draw("a lighthouse in a storm", style, AspectRatio::R4x3, 42);
    const Image second = draw("a lighthouse in a storm", style, AspectRatio::R4x3, 42);
    EXPECT_EQ(first.rgb, second.rgb) << name(style);
  }
}

TEST(ImagegenProcedural, AnotherSeedDrawsAnotherPictureInEveryStyle) {
  for (const ArtStyle style : kAllArtStyles) {
    const Image first = draw("a lighthouse in a storm", style, AspectRatio::R4x3, 42);
    const Image second = draw("a lighthouse in a storm", style, AspectRatio::R4x3, 43);
    EXPECT_NE(first.rgb, second.rgb) << name(style);
  }
}

TEST(ImagegenProcedural, AnotherPromptDrawsAnotherPictureInEveryStyle) {
  for (const ArtStyle style : kAllArtStyles) {
    const Image first = draw("a lighthouse in a storm", style, AspectRatio::R1x1, 42);
    const Image second = draw("a lighthouse in a storm!", style, AspectRatio::R1x1, 42);
    EXPECT_NE(first.rgb, second.rgb) << name(style);
  }
}

// Pins the hash and the drawing: a change here changes every picture a customer already
// bought, so it must be deliberate. Also catches platforms where floating point differs.
TEST(ImagegenProcedural, PicturesAreTheSameOnEveryBuild) {
  EXPECT_EQ(picture_seed({"", ArtStyle::None, AspectRatio::R1x1, 0}), 0xBC6580EFD837A65CULL);
  const std::array<std::uint64_t, kAllArtStyles.size()> expected{
      0xFD9E9F1A0DE3C7D0ULL,  // None
      0xFA286E9AC98B8ABAULL,  // Exclusive
      0x9D4FB4FFFD1AF1E2ULL,  // Abstract
      0x501E9FA23302D2FFULL,  // Anime
      0x271403503B08CF99ULL,  // Cyberpunk
      0xF61BAE36055A91D4ULL,  // Fantasy
      0x1C4CC683D31139CAULL,  // Impressionism
      0x0C4F78577A40DC3FULL,  // Minimalism
      0xEE83BAF354F540CCULL,  // Photorealism
      0xF638FFA1C94A7639ULL,  // PopArt
      0x7C645186C671AA78ULL,  // Watercolor
  };
  for (std::size_t i = 0; i < kAllArtStyles.size(); ++i) {
    const Image image = draw("golden hour", kAllArtStyles[i], AspectRatio::R1x1, 1, 96);
    EXPECT_EQ(digest(image.rgb), expected[i]) << name(kAllArtStyles[i]);
  }
}

// A large picture is painted in bands of rows, every band painting all the shapes again,
// clipped to its rows. Small pictures in small bands stand in for 4096-pixel ones: bands of
// one row, bands of a few rows with a shorter last one, and bands that cut the lake of a
// photograph away from the sky it mirrors.
TEST(ImagegenProcedural, APicturePaintedInBandsHasThePixelsOfOnePaintedWhole) {
  ProceduralImageGenerator whole({.above_long_edge = 4096});
  const auto row_bytes = [](int width) { return static_cast<std::size_t>(width) * 12; };
  struct Case {
    int long_edge;
    int rows_per_band;
  };
  for (const auto [long_edge, rows_per_band] : {Case{120, 1}, Case{300, 7}, Case{300, 64}}) {
    for (const AspectRatio ratio : {AspectRatio::R3x2, AspectRatio::R2x3}) {
      const int width = pixel_size(ratio, long_edge).width;
      ProceduralImageGenerator banded(
          {.above_long_edge = 64,
           .canvas_bytes = row_bytes(width) * static_cast<std::size_t>(rows_per_band)});
      for (const ArtStyle style : kAllArtStyles) {
        for (const char* prompt : {"golden hour", "a red harbour at sunset"}) {
          const GenerationRequest request{prompt, style, ratio, 5, long_edge};
          EXPECT_EQ(banded.generate(request).rgb, whole.generate(request).rgb)
              << name(style) << " " << name(ratio) << " " << prompt << ", " << rows_per_band
              << " rows a band";
        }
      }
    }
  }
}

TEST(ImagegenProcedural, SeedDependsOnEveryPartOfTheRequest) {
  const GenerationRequest base{"a cat", ArtStyle::Anime, AspectRatio::R3x2, 7, 1024};
  GenerationRequest other_prompt = base;
  other_prompt.prompt = "a cat.";
  GenerationRequest other_style = base;
  other_style.style = ArtStyle::Fantasy;
  GenerationRequest other_ratio = base;
  other_ratio.aspect_ratio = AspectRatio::R2x3;
  GenerationRequest other_seed = base;
  other_seed.seed = 8;
  GenerationRequest other_size = base;
  other_size.long_edge = 512;
  const std::set<std::uint64_t> seeds{picture_seed(base), picture_seed(other_prompt),
                                      picture_seed(other_style), picture_seed(other_ratio),
                                      picture_seed(other_seed)};
  EXPECT_EQ(seeds.size(), 5U);
  EXPECT_EQ(picture_seed(other_size), picture_seed(base));  // the size keeps the composition
}

TEST(ImagegenProcedural, ALargerPictureShowsTheSameComposition) {
  for (const ArtStyle style : kAllArtStyles) {
    const Image small = draw("a garden", style, AspectRatio::R4x3, 11, 256);
    const Image large = halved(draw("a garden", style, AspectRatio::R4x3, 11, 512));
    const Image other = draw("a garden", style, AspectRatio::R4x3, 12, 256);
    ASSERT_EQ(large.width, small.width);
    ASSERT_EQ(large.height, small.height);
    const double same = mean_difference(small, large);
    const double different = mean_difference(small, other);
    EXPECT_LT(same, 8.0) << name(style);  // measured: 0.3 to 6.7
    EXPECT_LT(same * 2, different) << name(style);
  }
}

TEST(ImagegenProcedural, EveryStyleAndRatioHasTheRequestedPixelSize) {
  for (const ArtStyle style : kAllArtStyles) {
    for (const AspectRatio ratio : kAllAspectRatios) {
      const Image image = draw("a size check", style, ratio, 1, 160);
      const ImageSize size = pixel_size(ratio, 160);
      EXPECT_EQ(image.width, size.width) << name(style) << " " << name(ratio);
      EXPECT_EQ(image.height, size.height) << name(style) << " " << name(ratio);
      EXPECT_EQ(image.rgb.size(), static_cast<std::size_t>(image.width * image.height * 3));
    }
  }
}

TEST(ImagegenProcedural, SidesFollowTheRatioRoundedToWholePixels) {
  EXPECT_EQ(pixel_size(AspectRatio::R16x9, 1024), (ImageSize{1024, 576}));
  EXPECT_EQ(pixel_size(AspectRatio::R3x2, 1024), (ImageSize{1024, 683}));
  EXPECT_EQ(pixel_size(AspectRatio::R4x3, 1024), (ImageSize{1024, 768}));
  EXPECT_EQ(pixel_size(AspectRatio::R1x1, 1024), (ImageSize{1024, 1024}));
  EXPECT_EQ(pixel_size(AspectRatio::R2x3, 1024), (ImageSize{683, 1024}));
  EXPECT_EQ(pixel_size(AspectRatio::R3x4, 1024), (ImageSize{768, 1024}));
  EXPECT_EQ(pixel_size(AspectRatio::R9x16, 1024), (ImageSize{576, 1024}));
}

TEST(ImagegenProcedural, DrawsTheDefaultLongEdgeOf1024) {
  ProceduralImageGenerator generator;
  const Image image = generator.generate({"default", ArtStyle::PopArt, AspectRatio::R9x16, 3});
  EXPECT_EQ(image.height, 1024);
  EXPECT_EQ(image.width, 576);
}

TEST(ImagegenProcedural, RefusesLongEdgesItCannotDraw) {
  ProceduralImageGenerator generator;
  EXPECT_THROW(generator.generate({"x", ArtStyle::None, AspectRatio::R1x1, 1, 63}),
               std::invalid_argument);
  EXPECT_THROW(generator.generate({"x", ArtStyle::None, AspectRatio::R1x1, 1, 4097}),
               std::invalid_argument);
  EXPECT_NO_THROW(generator.generate({"x", ArtStyle::None, AspectRatio::R1x1, 1, 64}));
}

TEST(ImagegenProcedural, EveryStyleLooksDifferentFromEveryOther) {
  for (const char* prompt : {"a quiet harbour", "red roses at night"}) {
    std::vector<Look> looks;
    for (const ArtStyle style : kAllArtStyles) {
      looks.push_back(look_at(draw(prompt, style, AspectRatio::R3x2, 1, 384)));
    }
    for (std::size_t i = 0; i < looks.size(); ++i) {
      for (std::size_t j = i + 1; j < looks.size(); ++j) {
        EXPECT_GT(histogram_distance(looks[i], looks[j]), 0.15)
            << prompt << ": " << name(kAllArtStyles[i]) << " vs " << name(kAllArtStyles[j]);
      }
    }
  }
}

TEST(ImagegenProcedural, StylesHaveTheirOwnCharacter) {
  for (const std::uint64_t seed : {1U, 2U, 3U}) {
    const auto look = [&](ArtStyle style) {
      return look_at(draw("an evening by the river", style, AspectRatio::R3x2, seed, 384));
    };
    const Look minimalism = look(ArtStyle::Minimalism);
    const Look impressionism = look(ArtStyle::Impressionism);
    EXPECT_LT(minimalism.distinct_colours, 500U) << "flat shapes on a plain field";
    EXPECT_GT(impressionism.distinct_colours, 30'000U) << "every dab its own colour";
    EXPECT_LT(look(ArtStyle::Cyberpunk).luminance, 0.15) << "a night city";
    const Look watercolor = look(ArtStyle::Watercolor);
    EXPECT_GT(watercolor.luminance, 0.75) << "paper shows through";
    EXPECT_LT(watercolor.saturation, 0.2) << "pale washes";
    EXPECT_GT(look(ArtStyle::Exclusive).gold, 0.1) << "gold ornament";
    const Look pop_art = look(ArtStyle::PopArt);
    EXPECT_GT(pop_art.vivid, 0.6) << "bold primaries";
    EXPECT_LT(pop_art.distinct_colours, 4'000U) << "flat colours";
  }
}

TEST(ImagegenProcedural, ColourWordsInThePromptTintThePicture) {
  for (const ArtStyle style : {ArtStyle::None, ArtStyle::Abstract, ArtStyle::Watercolor}) {
    const Look red = look_at(draw("a red dream", style, AspectRatio::R1x1, 5));
    const Look blue = look_at(draw("a blue dream", style, AspectRatio::R1x1, 5));
    EXPECT_GT(red.mean_red - red.mean_blue, blue.mean_red - blue.mean_blue + 20) << name(style);
  }
}

}  // namespace
}  // namespace artshop::imagegen
