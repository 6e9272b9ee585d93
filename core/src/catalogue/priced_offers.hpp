#pragma once

#include <memory>
#include <vector>

#include "artshop/core/catalogue/ports.hpp"
#include "artshop/core/catalogue/priced_offer.hpp"

namespace artshop::detail {

// Every offer priced in `currency`, in their order.
Result<std::vector<PricedOffer>> price_all(std::vector<std::shared_ptr<const Offer>> offers,
                                           Currency currency, const ExchangeRates& rates);

// The catalogue and the rates of one call, taken together.
CatalogueSources sources_of(CatalogueReadModel& catalogue, const ExchangeRateSource& rates);

}  // namespace artshop::detail
