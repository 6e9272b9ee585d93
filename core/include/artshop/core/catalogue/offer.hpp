#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artshop/core/catalogue/art_style.hpp"
#include "artshop/core/catalogue/aspect_ratio.hpp"
#include "artshop/core/ids.hpp"
#include "artshop/core/shared_text.hpp"

namespace artshop {

using OfferId = Id<struct OfferTag>;
using AttributeId = Id<struct AttributeTag>;

enum class OfferStatus : std::uint8_t { Active, SoldOut, Hidden };
enum class Licence : std::uint8_t { Personal, Commercial, ExclusiveCommercial };

std::string_view name(OfferStatus status) noexcept;
std::optional<OfferStatus> parse_offer_status(std::string_view text) noexcept;
std::string_view name(Licence licence) noexcept;
std::optional<Licence> parse_licence(std::string_view text) noexcept;

// A purchasable variant of a picture: a size and a licence at a price in euro cents.
struct OfferAttribute {
  AttributeId id;
  std::string name;  // "HD", "4K", "8K", "Original"
  int long_edge = 0;
  Licence licence = Licence::Personal;
  std::int64_t price_eur_cents = 0;
};

// The public pictures of an offer, by key in the public blob store (served under /media/).
// Shared texts: the offers of a large seeded catalogue show the pictures of the first ones, and
// the catalogue in memory holds each key once (docs/catalogue.md, "A million offers").
struct OfferImages {
  SharedText thumbnail_webp;
  SharedText thumbnail_jpeg;
  SharedText preview_webp;
  SharedText preview_jpeg;
};

// Where the full-size picture comes from: the recipe of a generated picture (rendered anew at
// any size, exactly), or a private original file (imported art).
struct PictureSource {
  SharedText prompt;        // generated: the generator's prompt
  std::uint64_t seed = 0;   // generated: the generator's seed
  SharedText original_key;  // imported: key in the private originals store
  bool is_generated() const noexcept { return original_key.empty(); }
};

struct Offer {
  OfferId id;
  std::string url_name;
  std::string title;
  std::string description;
  std::string category;  // the category's urlName
  ArtStyle style = ArtStyle::None;
  Orientation orientation = Orientation::Square;
  AspectRatio aspect_ratio = AspectRatio::R1x1;
  int width = 0;  // the full-size picture
  int height = 0;
  std::vector<std::string> tags;
  std::chrono::sys_seconds created_at;
  OfferStatus status = OfferStatus::Active;
  std::vector<OfferAttribute> attributes;  // cheapest first
  OfferImages images;
  PictureSource source;

  std::int64_t lowest_price_eur_cents() const noexcept;
};

struct Category {
  std::string url_name;
  std::string title;
  int offer_count = 0;  // active offers
};

// The purchasable sizes DESIGN.md section 4 gives an offer with a picture of `long_edge`
// pixels: HD, 4K and 8K (none larger than the picture), or for an Exclusive offer the one
// original-size exclusive licence. Prices grow with the size.
std::vector<OfferAttribute> standard_attributes(ArtStyle style, int long_edge,
                                                std::int64_t base_price_eur_cents);

// "Misty Harbour at Dawn" -> "misty-harbour-at-dawn": lower-case ASCII letters and digits
// joined by single hyphens, at most 80 characters.
std::string slugify(std::string_view title);

}  // namespace artshop
