#pragma once

#include <memory>
#include <mutex>
#include <optional>

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
  // The same when it costs little however large the catalogue, so that a server may work it
  // out where it reads requests rather than queue it; std::nullopt otherwise. A refusal costs
  // little, and so does what CatalogueSnapshot::search_if_cheap answers.
  std::optional<Result<PricedOfferPage>> answer_if_cheap(const OfferListParameters& parameters,
                                                         const CatalogueSources& sources) const;

 private:
  std::optional<Result<PricedOfferPage>> answer(const OfferListParameters& parameters,
                                                const CatalogueSources& sources,
                                                bool cheap_only) const;
  // The price bands at `rates`: those of the rates last asked with, worked out again when they
  // change (each band start is a bisection of conversions).
  std::shared_ptr<const PriceBandTable> band_table(const ExchangeRates& rates) const;

  mutable std::mutex bands_mutex_;
  mutable std::shared_ptr<const PriceBandTable> bands_;
};

}  // namespace artshop
