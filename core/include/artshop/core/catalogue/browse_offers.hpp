#pragma once

#include "artshop/core/catalogue/offer_query.hpp"
#include "artshop/core/catalogue/ports.hpp"
#include "artshop/core/catalogue/priced_offer.hpp"
#include "artshop/core/error.hpp"

namespace artshop {

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

}  // namespace artshop
