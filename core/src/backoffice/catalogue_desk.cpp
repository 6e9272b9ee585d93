#include "artshop/core/backoffice/catalogue_desk.hpp"

#include <fmt/format.h>

#include <array>

#include "artshop/core/staff/staff_services.hpp"
#include "artshop/core/text.hpp"

namespace artshop {
namespace {

// By OfferStatus: Active, SoldOut, Hidden.
constexpr std::array kStateNames{std::string_view("published"), std::string_view("sold"),
                                 std::string_view("hidden")};

}  // namespace

std::string_view state_name(OfferStatus status) noexcept {
  return kStateNames[static_cast<std::size_t>(status)];
}

std::optional<OfferStatus> parse_state_name(std::string_view name) noexcept {
  for (std::size_t i = 0; i < kStateNames.size(); ++i) {
    if (kStateNames[i] == name) return static_cast<OfferStatus>(i);
  }
  return std::nullopt;
}

StaffOfferRow staff_offer_row(const Offer& offer) {
  return {.id = offer.id,
          .url_name = offer.url_name,
          .title = offer.title,
          .category = offer.category,
          .style = offer.style,
          .status = offer.status,
          .created_at = offer.created_at,
          .lowest_price_eur_cents = offer.lowest_price_eur_cents(),
          .thumbnail_webp = offer.images.thumbnail_webp,
          .thumbnail_jpeg = offer.images.thumbnail_jpeg};
}

Error no_such_offer() {
  return Error::not_found(ValidationErrors("", std::string(catalogue_messages::kNoSuchOffer)),
                          "no such offer");
}

AuditRecord offer_audit(const StaffActor& actor, std::string_view address, std::string_view action,
                        OfferId offer, std::chrono::sys_seconds at) {
  auto record = staff_audit(actor, address, action, actor.id, at);
  record.object = fmt::format("offer:{}", offer.value);
  return record;
}

std::optional<std::string> read_offer_title(const std::optional<std::string>& text,
                                            ValidationErrors& errors) {
  const auto trimmed = std::string(text::trim(text.value_or("")));
  const auto length = text::utf8_length(trimmed);
  if (!length || *length == 0 || *length > kMaxOfferTitle ||
      text::has_control_characters(trimmed)) {
    errors.add("title", fmt::format("Give a title of 1 to {} characters.", kMaxOfferTitle));
    return std::nullopt;
  }
  if (slugify(trimmed).empty()) {
    errors.add("title", "A title needs a letter or a digit.");
    return std::nullopt;
  }
  return trimmed;
}

std::optional<ArtStyle> read_offer_style(std::string_view text, ValidationErrors& errors) {
  const auto style = parse_art_style(text::trim(text));
  if (!style) errors.add("style", "Choose one of the shop's styles.");
  return style;
}

Result<StaffOfferListing> SearchOffersForStaff::operator()(const StaffActor& actor,
                                                           const SearchOffersForStaffQuery& query) {
  if (auto allowed = require_permission(actor, StaffPermission::EditCatalogue); !allowed) {
    return std::unexpected(allowed.error());
  }
  ValidationErrors errors;
  StaffOfferListing listing;
  listing.page = read_page_request(query.page, query.page_size, errors);
  StaffOfferQuery filters;
  if (const auto sort = query_text(query.sort)) {
    if (*sort == "title") {
      filters.sort = StaffOfferSort::Title;
    } else if (*sort == "-price") {
      filters.sort = StaffOfferSort::DearestFirst;
    } else if (*sort != "-createdAt") {
      errors.add("Sort", "Sort by -createdAt, title or -price.");
    }
  }
  if (const auto state = query_text(query.state)) {
    filters.status = parse_state_name(*state);
    if (!filters.status) errors.add("State", "State is published, hidden or sold.");
  }
  if (!errors.empty()) return std::unexpected(Error::validation(std::move(errors)));
  if (const auto text = query_text(query.text)) filters.text = text::to_lower_ascii(*text);
  filters.category = query_text(query.category);
  filters.offset = listing.page.offset();
  filters.limit = listing.page.page_size;
  return transactions_.read([&](Ports::Scope& tx) -> Result<StaffOfferListing> {
    auto filled = listing;
    filled.offers = tx.get<CatalogueRecords>().search(filters);
    return filled;
  });
}

Result<StaffOfferFile> GetOfferForStaff::operator()(const StaffActor& actor, OfferId offer) {
  if (auto allowed = require_permission(actor, StaffPermission::EditCatalogue); !allowed) {
    return std::unexpected(allowed.error());
  }
  return transactions_.read([&](Ports::Scope& tx) -> Result<StaffOfferFile> {
    auto found = tx.get<OfferRepository>().find_by_id(offer);
    if (!found) return std::unexpected(no_such_offer());
    return StaffOfferFile{.offer = std::move(*found),
                          .ordered = tx.get<CatalogueRecords>().ordered(offer)};
  });
}

}  // namespace artshop
