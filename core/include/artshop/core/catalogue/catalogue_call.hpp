#pragma once

#include "artshop/core/catalogue/ports.hpp"
#include "artshop/core/catalogue/priced_offer.hpp"

namespace artshop {

// What every offer call (get-one, latest, the listing, suggestions, related) holds: the
// catalogue visitors browse and the rates in force. sources() takes both once for a call, so an
// adapter keeping whole answers can key them by what the call answers from.
class CatalogueCall {
 public:
  CatalogueCall(CatalogueReadModel& catalogue, const ExchangeRateSource& rates)
      : catalogue_(catalogue), rates_(rates) {}
  CatalogueSources sources();

 private:
  CatalogueReadModel& catalogue_;
  const ExchangeRateSource& rates_;
};

}  // namespace artshop
