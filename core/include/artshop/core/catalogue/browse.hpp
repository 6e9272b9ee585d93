#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "artshop/core/catalogue/offer.hpp"
#include "artshop/core/catalogue/offer_query.hpp"
#include "artshop/core/catalogue/ports.hpp"
#include "artshop/core/catalogue/repositories.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/money.hpp"
#include "artshop/core/ports/transactions.hpp"

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

// GET /api/offers: the gallery with its filters, sorting and paging.
class BrowseOffers {
 public:
  BrowseOffers(CatalogueReadModel& catalogue, const ExchangeRateSource& rates)
      : catalogue_(catalogue), rates_(rates) {}
  Result<PricedOfferPage> operator()(const OfferListParameters& parameters);
  Result<PricedOfferPage> operator()(const OfferListParameters& parameters,
                                     const CatalogueSources& sources) const;
  CatalogueSources sources();

 private:
  CatalogueReadModel& catalogue_;
  const ExchangeRateSource& rates_;
};

// GET /api/offers/latest: the newest offers for the home page.
class LatestOffers {
 public:
  LatestOffers(CatalogueReadModel& catalogue, const ExchangeRateSource& rates)
      : catalogue_(catalogue), rates_(rates) {}
  Result<std::vector<PricedOffer>> operator()(const std::optional<std::string>& currency);
  Result<std::vector<PricedOffer>> operator()(const std::optional<std::string>& currency,
                                              const CatalogueSources& sources) const;
  CatalogueSources sources();

 private:
  CatalogueReadModel& catalogue_;
  const ExchangeRateSource& rates_;
};

// GET /api/offers/get-one: one picture by its urlName; 404 for an unknown or hidden one.
class GetOffer {
 public:
  GetOffer(CatalogueReadModel& catalogue, const ExchangeRateSource& rates)
      : catalogue_(catalogue), rates_(rates) {}
  Result<PricedOffer> operator()(const std::optional<std::string>& url_name,
                                 const std::optional<std::string>& currency);
  Result<PricedOffer> operator()(const std::optional<std::string>& url_name,
                                 const std::optional<std::string>& currency,
                                 const CatalogueSources& sources) const;
  CatalogueSources sources();

 private:
  CatalogueReadModel& catalogue_;
  const ExchangeRateSource& rates_;
};

// GET /api/categories.
class ListCategories {
 public:
  using Ports = Transactions<OfferRepository>;

  explicit ListCategories(Ports transactions) : transactions_(std::move(transactions)) {}
  Result<std::vector<Category>> operator()();

 private:
  Ports transactions_;
};

// Prices an offer in `currency` with `rates`.
Result<PricedOffer> price_offer(std::shared_ptr<const Offer> offer, Currency currency,
                                const ExchangeRates& rates);
Result<PricedOffer> price_offer(Offer offer, Currency currency, const ExchangeRates& rates);

}  // namespace artshop
