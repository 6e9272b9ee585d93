#pragma once

#include "artshop/core/catalogue/catalogue_call.hpp"
#include "artshop/core/catalogue/offer_query.hpp"
#include "artshop/core/catalogue/priced_offer.hpp"
#include "artshop/core/error.hpp"

namespace artshop {

// GET /api/offers: the gallery with its filters, sorting and paging.
class BrowseOffers : public CatalogueCall {
 public:
  using CatalogueCall::CatalogueCall;
  Result<PricedOfferPage> operator()(const OfferListParameters& parameters);
  Result<PricedOfferPage> operator()(const OfferListParameters& parameters,
                                     const CatalogueSources& sources) const;
};

}  // namespace artshop
