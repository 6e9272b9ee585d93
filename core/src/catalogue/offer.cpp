#include "artshop/core/catalogue/offer.hpp"

#include <algorithm>
#include <array>

#include "artshop/core/text.hpp"

namespace artshop {
namespace {

constexpr std::array kStatusNames{std::string_view("Active"), std::string_view("SoldOut"),
                                  std::string_view("Hidden")};
constexpr std::array kLicenceNames{std::string_view("Personal"), std::string_view("Commercial"),
                                   std::string_view("ExclusiveCommercial")};

template <class Enum, std::size_t N>
std::optional<Enum> parse_named(const std::array<std::string_view, N>& names,
                                std::string_view text) noexcept {
  for (std::size_t i = 0; i < N; ++i) {
    if (text::equal_ignoring_ascii_case(names[i], text)) return static_cast<Enum>(i);
  }
  return std::nullopt;
}

}  // namespace

std::string_view name(OfferStatus status) noexcept {
  return kStatusNames[static_cast<std::size_t>(status)];
}
std::optional<OfferStatus> parse_offer_status(std::string_view text) noexcept {
  return parse_named<OfferStatus>(kStatusNames, text);
}
std::string_view name(Licence licence) noexcept {
  return kLicenceNames[static_cast<std::size_t>(licence)];
}
std::optional<Licence> parse_licence(std::string_view text) noexcept {
  return parse_named<Licence>(kLicenceNames, text);
}

std::int64_t Offer::lowest_price_eur_cents() const noexcept {
  std::int64_t lowest = 0;
  for (const auto& attribute : attributes) {
    if (lowest == 0 || attribute.price_eur_cents < lowest) lowest = attribute.price_eur_cents;
  }
  return lowest;
}

std::vector<OfferAttribute> standard_attributes(ArtStyle style, int long_edge,
                                                std::int64_t base_price_eur_cents) {
  if (style == ArtStyle::Exclusive) {
    // Sold once, at the picture's own size, with every right: priced well above the rest.
    return {{.id = {},
             .name = "Original",
             .long_edge = long_edge,
             .licence = Licence::ExclusiveCommercial,
             .price_eur_cents = base_price_eur_cents * 12}};
  }
  struct Tier {
    std::string_view name;
    int long_edge;
    Licence licence;
    std::int64_t price_factor_percent;
  };
  constexpr std::array kTiers{Tier{"HD", 1920, Licence::Personal, 100},
                              Tier{"4K", 3840, Licence::Personal, 180},
                              Tier{"8K", 7680, Licence::Commercial, 450}};
  std::vector<OfferAttribute> attributes;
  for (const auto& tier : kTiers) {
    const int edge = std::min(tier.long_edge, long_edge);
    // A smaller picture offers fewer sizes rather than the same size twice.
    if (!attributes.empty() && attributes.back().long_edge >= edge) continue;
    // A tier cut down to the picture's own size says so rather than promising 8K.
    attributes.push_back(
        {.id = {},
         .name = edge < tier.long_edge ? std::string("Full size") : std::string(tier.name),
         .long_edge = edge,
         .licence = tier.licence,
         .price_eur_cents = base_price_eur_cents * tier.price_factor_percent / 100});
  }
  return attributes;
}

std::string slugify(std::string_view title) {
  std::string slug;
  for (const char c : title) {
    const bool letter = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    if (letter) {
      slug += c;
    } else if (c >= 'A' && c <= 'Z') {
      slug += char(c + 32);
    } else if (!slug.empty() && slug.back() != '-') {
      slug += '-';
    }
    if (slug.size() >= 80) break;
  }
  while (!slug.empty() && slug.back() == '-') slug.pop_back();
  return slug;
}

}  // namespace artshop
