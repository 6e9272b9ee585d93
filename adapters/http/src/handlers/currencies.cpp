#include "handlers/currencies.hpp"

#include <boost/json.hpp>
#include <fmt/format.h>

#include "artshop/http/json.hpp"

namespace artshop::http::handlers {
namespace {

std::string decimal_text(Rate rate) {
  const auto whole = rate.scaled / Rate::kScale;
  auto fraction = fmt::format("{:06}", rate.scaled % Rate::kScale);
  while (!fraction.empty() && fraction.back() == '0') fraction.pop_back();
  return fraction.empty() ? fmt::format("{}", whole) : fmt::format("{}.{}", whole, fraction);
}

}  // namespace

Handler list_currencies(const ExchangeRateSource& rates) {
  return [&rates](const Request&) {
    const auto current = rates.current();
    boost::json::array currencies;
    for (const Currency currency : kAllCurrencies) {
      const auto rate = current.rate(currency);
      currencies.push_back({{"code", code(currency)},
                            {"exponent", exponent(currency)},
                            {"rate", rate ? decimal_text(*rate) : std::string{}}});
    }
    return json_response(200, {{"currencies", std::move(currencies)}});
  };
}

}  // namespace artshop::http::handlers
