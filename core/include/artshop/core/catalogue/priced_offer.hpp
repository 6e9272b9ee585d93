#pragma once

#include <memory>
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

struct PricedOfferPage {
  std::vector<PricedOffer> items;
  int total = 0;
  int page = 1;
  int page_size = kDefaultPageSize;
  Currency currency = kDefaultCurrency;
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
