#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "artshop/core/catalogue/catalogue_snapshot.hpp"
#include "artshop/core/catalogue/offer.hpp"
#include "artshop/core/catalogue/offer_query.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/exchange_rates.hpp"
#include "artshop/core/money.hpp"

namespace artshop {

// An attribute priced in the display currency, converted once with the rates of the call.
struct PricedAttribute {
  OfferAttribute attribute;
  Money price;
};

// An offer as a visitor sees it: every price in the chosen currency. The offer is shared with
// the catalogue it was found in, never copied.
struct PricedOffer {
  std::shared_ptr<const Offer> offer;
  std::vector<PricedAttribute> attributes;
  Money lowest_price;
};

// One band of the price facet in the display currency: `from` and `to` inclusive, usable as
// the From and To filters as they are; the last band has no `to`.
struct PriceBandCount {
  Money from;
  std::optional<Money> to;
  int count = 0;
};

// The listing's facets (CatalogueFacets), prices in the display currency: no entry counts 0.
struct OfferFacets {
  std::vector<CategoryCount> categories;
  std::vector<ValueCount<ArtStyle>> styles;
  std::vector<ValueCount<Orientation>> orientations;
  std::vector<PriceBandCount> prices;
};

struct PricedOfferPage {
  std::vector<PricedOffer> items;
  int total = 0;
  int page = 1;
  int page_size = kDefaultPageSize;
  Currency currency = kDefaultCurrency;
  OfferFacets facets;
  // Only when nothing was found for a Search with words and a close spelling finds something.
  std::optional<std::string> did_you_mean;
  // Folded words of the page's titles and tags the Search found, for highlighting; empty when
  // not searching.
  std::vector<std::string> matched_words;
};

// What an offer call answers from: the catalogue and the rates, taken together once per call.
// The same parameters over the same catalogue version and rates give the same answer, which is
// what lets an adapter keep whole answers and know when one no longer holds.
struct CatalogueSources {
  std::shared_ptr<const CatalogueSnapshot> catalogue;
  ExchangeRates rates;
};

// Prices an offer in `currency` with `rates`.
Result<PricedOffer> price_offer(std::shared_ptr<const Offer> offer, Currency currency,
                                const ExchangeRates& rates);
Result<PricedOffer> price_offer(Offer offer, Currency currency, const ExchangeRates& rates);

}  // namespace artshop
