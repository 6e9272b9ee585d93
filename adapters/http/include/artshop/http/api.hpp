#pragma once

#include "artshop/core/exchange_rates.hpp"
#include "artshop/http/router.hpp"

namespace artshop::http {

// What the API's handlers call: the use cases and read models, built by the app.
struct Api {
  ExchangeRates rates;
};

// The whole REST surface in one table.
Router api_routes(const Api& api);

}  // namespace artshop::http
