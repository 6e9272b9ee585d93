#pragma once

#include <expected>
#include <map>
#include <string>

#include "artshop/core/exchange_rates.hpp"

namespace artshop::rates {

// Builds the rate table from configuration entries "rate.<code>" = "<units per EUR>", on top
// of the shipped defaults. Answers the first bad entry as "rate.xyz: <reason>".
std::expected<ExchangeRates, std::string> rates_from_settings(
    const std::map<std::string, std::string, std::less<>>& settings);

}  // namespace artshop::rates
