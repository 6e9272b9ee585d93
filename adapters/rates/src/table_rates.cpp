#include "artshop/rates/table_rates.hpp"

#include <fmt/format.h>

#include <string_view>

namespace artshop::rates {

std::expected<ExchangeRates, std::string> rates_from_settings(
    const std::map<std::string, std::string, std::less<>>& settings) {
  constexpr std::string_view kPrefix = "rate.";
  ExchangeRates rates = ExchangeRates::defaults();
  for (const auto& [key, value] : settings) {
    if (!key.starts_with(kPrefix)) continue;
    const auto currency = parse_currency(std::string_view(key).substr(kPrefix.size()));
    if (!currency) return std::unexpected(key + ": not one of the 14 supported currencies");
    const auto rate = Rate::parse(value);
    if (!rate) {
      return std::unexpected(
          fmt::format("{}: expected units per 1 EUR such as 1.0825, got '{}'", key, value));
    }
    if (*currency == Currency::EUR && rate->scaled != Rate::kScale) {
      return std::unexpected(key + ": the euro is the base currency; its rate is always 1");
    }
    rates.set(*currency, *rate);
  }
  return rates;
}

}  // namespace artshop::rates
