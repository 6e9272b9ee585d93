#pragma once

#include "artshop/core/exchange_rates.hpp"

namespace artshop {

// The rates in force now: a configured table, or one refreshed from a feed. Each call prices
// with one snapshot, so a page never mixes two sets of rates.
class ExchangeRateSource {
 public:
  virtual ~ExchangeRateSource() = default;
  virtual ExchangeRates current() const = 0;
};

}  // namespace artshop
