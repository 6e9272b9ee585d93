#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace artshop {

// The styles an offer is filed under and a generated image is drawn in (DESIGN.md section 4).
// Exclusive marks the one-of-a-kind offers that are sold once.
enum class ArtStyle : std::uint8_t {
  None,
  Exclusive,
  Abstract,
  Anime,
  Cyberpunk,
  Fantasy,
  Impressionism,
  Minimalism,
  Photorealism,
  PopArt,
  Watercolor,
};

inline constexpr std::array kAllArtStyles{
    ArtStyle::None,         ArtStyle::Exclusive, ArtStyle::Abstract,      ArtStyle::Anime,
    ArtStyle::Cyberpunk,    ArtStyle::Fantasy,   ArtStyle::Impressionism, ArtStyle::Minimalism,
    ArtStyle::Photorealism, ArtStyle::PopArt,    ArtStyle::Watercolor};

// The name used in the API and the database: "None", "PopArt", ...
std::string_view name(ArtStyle style) noexcept;

// Parses a name, ignoring ASCII case ("popart" and "PopArt" both name PopArt).
std::optional<ArtStyle> parse_art_style(std::string_view text) noexcept;

}  // namespace artshop
