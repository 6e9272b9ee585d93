#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "artshop/core/catalogue/art_style.hpp"
#include "artshop/core/catalogue/offer.hpp"
#include "artshop/core/catalogue/repositories.hpp"

namespace artshop {

// Offers a query over a snapshot found. They are shared with the snapshot, so a page costs
// no copy of an offer and outlives a newer snapshot replacing this one.
struct CatalogueMatches {
  std::vector<std::shared_ptr<const Offer>> items;
  int total = 0;  // matching offers over all pages
};

// The catalogue as visitors see it at one moment, in memory: the Active and SoldOut offers
// (Hidden ones are never shown) with the gallery's orders worked out in advance, so that a
// filtered, sorted and counted page is a binary search or a scan of compact keys rather than a
// database query. Its answers follow OfferRepository's rules exactly: searches see Active
// offers only, newest first with ties by descending id, by price with ties by id (ascending,
// and the exact reverse for HighToLow), Search matching the title or a tag ignoring ASCII case.
//
// Immutable: a change makes a new snapshot. patched() shares every offer that did not change,
// so keeping the catalogue in step with a write costs the changed offers and a copy of the
// compact orders, not a reload.
class CatalogueSnapshot {
 public:
  CatalogueSnapshot() = default;
  // `offers` in any order, Hidden ones left out; `categories` are the categories' urlNames.
  // `version` is the version of the stored catalogue these were read at.
  CatalogueSnapshot(std::vector<std::shared_ptr<const Offer>> offers,
                    std::vector<std::string> categories, std::int64_t version);

  // This catalogue with every offer of `changed` as it is in `fresh` now, or gone when `fresh`
  // lacks it (deleted or Hidden). The categories stay.
  CatalogueSnapshot patched(std::span<const OfferId> changed,
                            std::vector<std::shared_ptr<const Offer>> fresh,
                            std::int64_t version) const;

  CatalogueMatches search(const OfferSearch& search) const;
  // The `count` newest Active offers.
  std::vector<std::shared_ptr<const Offer>> latest(int count) const;
  // An Active or SoldOut offer by its urlName, ignoring ASCII case; nullptr when none.
  std::shared_ptr<const Offer> find(std::string_view url_name) const;
  bool has_category(std::string_view url_name) const;

  std::int64_t version() const noexcept { return version_; }
  // Active and SoldOut offers.
  std::size_t size() const noexcept { return by_id_.size(); }

 private:
  // What an order of Active offers holds per offer: the sort keys and filters, side by side,
  // so that a count scans a few megabytes at 100,000 offers instead of chasing pointers.
  struct Entry {
    std::int64_t created_at = 0;
    std::int64_t price = 0;  // the lowest attribute price, euro cents
    std::int64_t id = 0;
    const Offer* offer = nullptr;
    std::uint16_t category = 0;  // index into categories_
    ArtStyle style = ArtStyle::None;
    Orientation orientation = Orientation::Square;
  };
  using Order = std::vector<Entry>;
  static constexpr std::size_t kStyles = kAllArtStyles.size();

  Entry entry_of(const Offer& offer) const;
  void add_to_orders(const Offer& offer);
  void sort_orders();
  const Order& order_for(OfferSort sort, const std::optional<ArtStyle>& style) const;

  std::int64_t version_ = 0;
  std::vector<std::string> categories_;              // sorted
  std::vector<std::shared_ptr<const Offer>> by_id_;  // every visible offer, by id
  std::vector<const Offer*> by_url_name_;            // the same, by urlName
  Order newest_;                                     // Active, NewToOld
  Order cheapest_;                                   // Active, LowToHigh
  std::array<Order, kStyles> newest_by_style_;
  std::array<Order, kStyles> cheapest_by_style_;
};

}  // namespace artshop
