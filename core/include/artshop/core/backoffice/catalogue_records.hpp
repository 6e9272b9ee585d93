#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "artshop/core/catalogue/offer.hpp"

// What the back office reads and writes of the catalogue (docs/back-office.md, "Catalogue"):
// every offer whatever its status, and the changes staff make to one. Runs inside the
// transaction that handed it out; every write shows in every server's gallery through the
// catalogue's versions (docs/catalogue.md).
namespace artshop {

// An offer as the back office lists it.
struct StaffOfferRow {
  OfferId id;
  std::string url_name;
  std::string title;
  std::string category;
  ArtStyle style = ArtStyle::None;
  OfferStatus status = OfferStatus::Hidden;
  std::chrono::sys_seconds created_at;
  std::int64_t lowest_price_eur_cents = 0;
  std::string thumbnail_webp;
  std::string thumbnail_jpeg;
  friend bool operator==(const StaffOfferRow&, const StaffOfferRow&) = default;
};

// The row of a whole offer.
StaffOfferRow staff_offer_row(const Offer& offer);

enum class StaffOfferSort : std::uint8_t { NewestFirst, Title, DearestFirst };

struct StaffOfferQuery {
  // Matches the title anywhere or the urlName anywhere, whatever the case, or the id; lower
  // case, trimmed.
  std::optional<std::string> text;
  std::optional<OfferStatus> status;
  std::optional<std::string> category;
  StaffOfferSort sort = StaffOfferSort::NewestFirst;
  int offset = 0;
  int limit = 50;
};

struct StaffOfferPage {
  std::vector<StaffOfferRow> items;
  std::int64_t total = 0;  // of every offer the query matches
};

class CatalogueRecords {
 public:
  virtual ~CatalogueRecords() = default;

  virtual StaffOfferPage search(const StaffOfferQuery& query) = 0;
  // Writes what staff edit of a stored offer: title, description, category, style, tags and the
  // price of each attribute (by its id). The urlName, pictures and status stay.
  virtual void update(const Offer& offer) = 0;
  // Replaces the offer's attributes with `attributes` (ids are assigned): only for an offer no
  // order holds, since order lines and artworks name their attribute.
  virtual void replace_attributes(OfferId offer, const std::vector<OfferAttribute>& attributes) = 0;
  // Whether any order holds a line of the offer.
  virtual bool ordered(OfferId offer) = 0;
  // Moves the offer from `from` to `to`; false when it was not in `from` (a sale came first).
  virtual bool set_status(OfferId offer, OfferStatus from, OfferStatus to) = 0;
};

}  // namespace artshop
