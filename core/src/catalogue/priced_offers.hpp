#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "artshop/core/catalogue/ports.hpp"
#include "artshop/core/catalogue/priced_offer.hpp"

namespace artshop::detail {

// Every offer priced in `currency`, in their order.
Result<std::vector<PricedOffer>> price_all(std::vector<std::shared_ptr<const Offer>> offers,
                                           Currency currency, const ExchangeRates& rates);

// The parameters of a call about one offer (get-one, related): the display currency and the
// UrlName, both required, each bad one under its name.
Result<Currency> validate_offer_call(const std::optional<std::string>& url_name,
                                     const std::optional<std::string>& currency);

}  // namespace artshop::detail
