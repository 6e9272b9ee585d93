#pragma once

#include <chrono>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "artshop/core/catalogue/ports.hpp"
#include "artshop/core/chore_leases.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/settings.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop::app {

// Exchange rates every server of a shop prices alike (docs/scale-out.md, "Exchange rates"):
// one server at a time, the holder of the "rates" lease, fetches them from the feed when the
// stored ones are older than the refresh interval, and stores them in the database; every
// server prices with the stored ones, read again on each tick. Until the first fetch is
// stored, the configured table.
class SharedRateSource final : public ExchangeRateSource {
 public:
  static constexpr std::string_view kChore = "rates";
  static constexpr std::string_view kSetting = "exchange_rates";
  using Ports = Transactions<SettingRepository>;
  // The feed's rates, or nothing when it could not be fetched or read (logged by it).
  using Fetch = std::function<std::optional<ExchangeRates>()>;

  SharedRateSource(Ports transactions, ChoreLeases& chores, const Clock& clock, Fetch fetch,
                   ExchangeRates table, std::chrono::seconds refresh);

  ExchangeRates current() const override;

  // Fetches and stores the rates when this server holds the lease and they are due, then takes
  // in the stored ones. Call it at start and every poll_interval(); never throws (a database
  // that is away keeps the current rates, logged).
  void tick();
  // How often tick() runs: a quarter of the refresh interval, from 1 s to a minute. The lease
  // lasts three of them, so another server fetches within that when the holder dies.
  std::chrono::seconds poll_interval() const noexcept { return poll_; }

 private:
  struct Stored {
    ExchangeRates rates;
    std::chrono::sys_seconds fetched_at;
  };
  std::optional<Stored> read();
  void store(const Stored& stored);

  Ports transactions_;
  ChoreLeases& chores_;
  const Clock& clock_;
  Fetch fetch_;
  std::chrono::seconds refresh_;
  std::chrono::seconds poll_;
  mutable std::mutex mutex_;
  ExchangeRates rates_;
};

}  // namespace artshop::app
