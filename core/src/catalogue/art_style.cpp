#include "artshop/core/catalogue/art_style.hpp"

#include "artshop/core/text.hpp"

namespace artshop {
namespace {

constexpr std::array<std::string_view, kAllArtStyles.size()> kNames{
    "None",          "Exclusive",  "Abstract",     "Anime",  "Cyberpunk", "Fantasy",
    "Impressionism", "Minimalism", "Photorealism", "PopArt", "Watercolor"};

}  // namespace

std::string_view name(ArtStyle style) noexcept {
  return kNames[static_cast<std::size_t>(style)];
}

std::optional<ArtStyle> parse_art_style(std::string_view text) noexcept {
  for (const ArtStyle style : kAllArtStyles) {
    if (text::equal_ignoring_ascii_case(text, name(style))) return style;
  }
  return std::nullopt;
}

}  // namespace artshop
