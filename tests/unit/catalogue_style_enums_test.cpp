#include <gtest/gtest.h>

#include <array>
#include <stdexcept>
#include <string>
#include <utility>

#include "artshop/core/catalogue/art_style.hpp"
#include "artshop/core/catalogue/aspect_ratio.hpp"

namespace artshop {
namespace {

template <class Values>
std::string names_of(const Values& values) {
  std::string names;
  for (const auto value : values) names += std::string(name(value)) + " ";
  return names;
}

TEST(ArtStyle, ListsTheElevenStylesByTheirApiNames) {
  EXPECT_EQ(names_of(kAllArtStyles),
            "None Exclusive Abstract Anime Cyberpunk Fantasy Impressionism Minimalism "
            "Photorealism PopArt Watercolor ");
}

TEST(ArtStyle, ParsesEveryNameIgnoringCase) {
  for (const ArtStyle style : kAllArtStyles) EXPECT_EQ(parse_art_style(name(style)), style);
  EXPECT_EQ(parse_art_style("popart"), ArtStyle::PopArt);
  EXPECT_EQ(parse_art_style("WATERCOLOR"), ArtStyle::Watercolor);
  EXPECT_EQ(parse_art_style("none"), ArtStyle::None);
}

TEST(ArtStyle, RejectsUnknownNames) {
  EXPECT_EQ(parse_art_style(""), std::nullopt);
  EXPECT_EQ(parse_art_style("Pop Art"), std::nullopt);
  EXPECT_EQ(parse_art_style("Cubism"), std::nullopt);
  EXPECT_EQ(parse_art_style("Anime "), std::nullopt);
}

TEST(AspectRatio, ListsTheSevenRatiosInTheSpecsOrder) {
  EXPECT_EQ(names_of(kAllAspectRatios), "16x9 3x2 4x3 1x1 2x3 3x4 9x16 ");
}

TEST(AspectRatio, HasTheUprightTurnOfEveryLandscapeRatio) {
  const std::array<std::pair<AspectRatio, AspectRatio>, 4> turns{
      {{AspectRatio::R16x9, AspectRatio::R9x16},
       {AspectRatio::R3x2, AspectRatio::R2x3},
       {AspectRatio::R4x3, AspectRatio::R3x4},
       {AspectRatio::R1x1, AspectRatio::R1x1}}};
  for (const auto& [ratio, turned] : turns) {
    EXPECT_EQ(width_part(ratio), height_part(turned)) << name(ratio);
    EXPECT_EQ(height_part(ratio), width_part(turned)) << name(ratio);
  }
}

TEST(AspectRatio, ParsesNamesIgnoringCaseAndRejectsOthers) {
  for (const AspectRatio ratio : kAllAspectRatios) {
    EXPECT_EQ(parse_aspect_ratio(name(ratio)), ratio);
  }
  EXPECT_EQ(parse_aspect_ratio("16X9"), AspectRatio::R16x9);
  EXPECT_EQ(parse_aspect_ratio("16:9"), std::nullopt);
  EXPECT_EQ(parse_aspect_ratio("21x9"), std::nullopt);
  EXPECT_EQ(parse_aspect_ratio(""), std::nullopt);
}

TEST(AspectRatio, NamesItsTwoParts) {
  EXPECT_EQ(width_part(AspectRatio::R16x9), 16);
  EXPECT_EQ(height_part(AspectRatio::R16x9), 9);
  EXPECT_EQ(width_part(AspectRatio::R3x4), 3);
  EXPECT_EQ(height_part(AspectRatio::R3x4), 4);
}

TEST(AspectRatio, NearestOfAnExactSizeIsItself) {
  for (const AspectRatio ratio : kAllAspectRatios) {
    EXPECT_EQ(nearest_aspect_ratio(width_part(ratio) * 120, height_part(ratio) * 120), ratio)
        << name(ratio);
  }
  EXPECT_EQ(nearest_aspect_ratio(1920, 1080), AspectRatio::R16x9);
  EXPECT_EQ(nearest_aspect_ratio(1080, 1920), AspectRatio::R9x16);
  EXPECT_EQ(nearest_aspect_ratio(1, 1), AspectRatio::R1x1);
}

TEST(AspectRatio, NearestRoundsCommonCameraAndScreenSizes) {
  EXPECT_EQ(nearest_aspect_ratio(1920, 1200), AspectRatio::R3x2);   // 16:10
  EXPECT_EQ(nearest_aspect_ratio(2560, 1080), AspectRatio::R16x9);  // 21:9 is wider than any
  EXPECT_EQ(nearest_aspect_ratio(1000, 1010), AspectRatio::R1x1);
  EXPECT_EQ(nearest_aspect_ratio(5, 4), AspectRatio::R4x3);
  EXPECT_EQ(nearest_aspect_ratio(4, 5), AspectRatio::R3x4);
}

TEST(AspectRatio, NearestOfATurnedPictureIsTheTurnedRatio) {
  const std::array<std::pair<int, int>, 5> sizes{
      {{1920, 1200}, {1600, 1000}, {1234, 987}, {3000, 2100}, {17, 11}}};
  for (const auto& [width, height] : sizes) {
    const AspectRatio across = nearest_aspect_ratio(width, height);
    const AspectRatio upright = nearest_aspect_ratio(height, width);
    EXPECT_EQ(width_part(across), height_part(upright)) << width << "x" << height;
    EXPECT_EQ(height_part(across), width_part(upright)) << width << "x" << height;
  }
}

TEST(AspectRatio, NearestHandlesHugeSides) {
  EXPECT_EQ(nearest_aspect_ratio(2'000'000'000, 1'125'000'000), AspectRatio::R16x9);
  EXPECT_EQ(nearest_aspect_ratio(1, 2'000'000'000), AspectRatio::R9x16);
}

TEST(AspectRatio, NearestRejectsEmptySides) {
  EXPECT_THROW(nearest_aspect_ratio(0, 100), std::invalid_argument);
  EXPECT_THROW(nearest_aspect_ratio(100, -1), std::invalid_argument);
}

TEST(Orientation, FollowsTheLongerSide) {
  EXPECT_EQ(orientation_of(1920, 1080), Orientation::Horizontal);
  EXPECT_EQ(orientation_of(1080, 1920), Orientation::Vertical);
  EXPECT_EQ(orientation_of(1024, 1024), Orientation::Square);
  EXPECT_EQ(orientation_of(1001, 1000), Orientation::Horizontal);
}

TEST(Orientation, HasNamesThatParseIgnoringCase) {
  EXPECT_EQ(names_of(kAllOrientations), "Vertical Horizontal Square ");
  for (const Orientation o : kAllOrientations) EXPECT_EQ(parse_orientation(name(o)), o);
  EXPECT_EQ(parse_orientation("horizontal"), Orientation::Horizontal);
  EXPECT_EQ(parse_orientation("Portrait"), std::nullopt);
}

}  // namespace
}  // namespace artshop
