#pragma once

#include "artshop/core/catalogue/ports.hpp"
#include "artshop/http/router.hpp"

namespace artshop::http::handlers {

// GET /api/currencies: the 14 currencies with their minor-unit exponent and the current rate
// (units per 1 EUR, as an exact decimal string).
Handler list_currencies(const ExchangeRateSource& rates);

}  // namespace artshop::http::handlers
