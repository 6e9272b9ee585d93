#pragma once

#include <memory>

#include "artshop/core/catalogue/catalogue_snapshot.hpp"
#include "artshop/core/exchange_rates.hpp"

namespace artshop {

// The rates in force now: a configured table, or one refreshed from a feed. Each call prices
// with one snapshot, so a page never mixes two sets of rates.
class ExchangeRateSource {
 public:
  virtual ~ExchangeRateSource() = default;
  virtual ExchangeRates current() const = 0;
};

// The catalogue visitors browse, kept in step with the stored offers by whoever implements it
// (every write to the offers, from any process, shows in the next snapshot it hands out).
// Asked on every catalogue call, so it must answer in microseconds.
class CatalogueReadModel {
 public:
  virtual ~CatalogueReadModel() = default;
  virtual std::shared_ptr<const CatalogueSnapshot> current() = 0;
};

}  // namespace artshop
