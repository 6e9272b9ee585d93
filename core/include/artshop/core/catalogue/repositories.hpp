#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artshop/core/catalogue/offer.hpp"
#include "artshop/core/catalogue/offer_query.hpp"

namespace artshop {

// What the store filters on: the checked query with its price range already in euro cents.
struct OfferSearch {
  OfferSort sort = OfferSort::NewToOld;
  std::optional<Orientation> orientation{};
  std::optional<ArtStyle> style{};
  std::optional<std::int64_t> min_price_eur_cents{};  // lowest attribute price, inclusive
  std::optional<std::int64_t> max_price_eur_cents{};
  std::optional<std::string> category{};
  // The store: in the title or a tag, ignoring case. The catalogue snapshot: words, as
  // docs/search.md says.
  std::optional<std::string> search{};
  int offset = 0;
  int limit = kDefaultPageSize;
  // Sort=Relevance (the snapshot only): with a Search, by score, ties newest first; without
  // one, as `sort` (NewToOld).
  bool by_relevance = false;
  // Count the facets (the snapshot only), with these price bands: each the lowest price of a
  // band in euro cents, ascending, a band running to the next one's start.
  bool facets = false;
  std::vector<std::int64_t> price_band_starts{};
};

struct OfferPage {
  std::vector<Offer> items;
  int total = 0;  // matching offers over all pages
};

// The catalogue. Queries see Active offers only; find_by_url_name also sees SoldOut and
// Hidden ones, for the buyers who keep them.
class OfferRepository {
 public:
  virtual ~OfferRepository() = default;
  virtual OfferPage search(const OfferSearch& search) = 0;
  virtual std::vector<Offer> latest(int count) = 0;
  virtual std::optional<Offer> find_by_url_name(std::string_view url_name) = 0;
  // Any offer, whatever its status (orders price by id and check the status themselves).
  virtual std::optional<Offer> find_by_id(OfferId id) = 0;
  // An Active offer becomes SoldOut (its exclusive licence was bought); false when it was
  // not Active.
  virtual bool mark_sold_out(OfferId id) = 0;
  // By title, each with its Active offers counted.
  virtual std::vector<Category> categories() = 0;
  // Whether any category exists: what a start asks, without counting a million offers.
  virtual bool has_categories() = 0;
  virtual bool category_exists(std::string_view url_name) = 0;
  virtual void upsert_category(const Category& category) = 0;
  // Stores a new offer with its attributes (ids are assigned); nullopt when its urlName is
  // taken.
  virtual std::optional<OfferId> insert(const Offer& offer) = 0;
  virtual int count() = 0;
};

}  // namespace artshop
