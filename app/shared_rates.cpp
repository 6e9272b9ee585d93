#include "shared_rates.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <charconv>
#include <sstream>

namespace artshop::app {
namespace {

// "fetched_at=<unix seconds> USD=1082500 GBP=...": each rate as Rate::scaled, so that every
// server reads back exactly what was stored.
std::string encode(const ExchangeRates& rates, std::chrono::sys_seconds fetched_at) {
  std::string text = fmt::format("fetched_at={}", fetched_at.time_since_epoch().count());
  for (const auto currency : kAllCurrencies) {
    if (const auto rate = rates.rate(currency)) {
      text += fmt::format(" {}={}", code(currency), rate->scaled);
    }
  }
  return text;
}

std::optional<std::int64_t> integer(std::string_view text) {
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace

SharedRateSource::SharedRateSource(Ports transactions, ChoreLeases& chores, const Clock& clock,
                                   Fetch fetch, ExchangeRates table, std::chrono::seconds refresh)
    : transactions_(std::move(transactions)),
      chores_(chores),
      clock_(clock),
      fetch_(std::move(fetch)),
      refresh_(refresh),
      poll_(std::clamp(refresh / 4, std::chrono::seconds(1),
                       std::chrono::seconds(std::chrono::minutes(1)))),
      rates_(table) {}

ExchangeRates SharedRateSource::current() const {
  const std::lock_guard lock(mutex_);
  return rates_;
}

void SharedRateSource::tick() {
  try {
    const auto now = std::chrono::floor<std::chrono::seconds>(clock_.now());
    auto stored = read();
    const bool due = !stored || stored->fetched_at + refresh_ <= now;
    // Only the holder asks the feed: two servers fetching apart could read two days' rates.
    if (due && chores_.take(kChore, poll_ * 3)) {
      if (auto fetched = fetch_()) {
        stored = Stored{.rates = *fetched, .fetched_at = now};
        store(*stored);
      }
    }
    if (stored) {
      const std::lock_guard lock(mutex_);
      rates_ = stored->rates;
    }
  } catch (const std::exception& error) {
    spdlog::warn(
        "exchange rates: the shared rates could not be read or stored: {}; keeping the "
        "current ones",
        error.what());
  }
}

std::optional<SharedRateSource::Stored> SharedRateSource::read() {
  std::optional<std::string> text;
  transactions_.run(TransactionMode::Read, [&](Ports::Scope& scope) {
    text = scope.get<SettingRepository>().get(kSetting);
    return true;
  });
  if (!text) return std::nullopt;
  Stored stored{.rates = ExchangeRates(), .fetched_at = {}};
  std::istringstream fields(*text);
  bool dated = false;
  for (std::string field; fields >> field;) {
    const auto equals = field.find('=');
    if (equals == std::string::npos) continue;
    const auto key = std::string_view(field).substr(0, equals);
    const auto value = integer(std::string_view(field).substr(equals + 1));
    if (!value) continue;
    if (key == "fetched_at") {
      stored.fetched_at = std::chrono::sys_seconds(std::chrono::seconds(*value));
      dated = true;
    } else if (const auto currency = parse_currency(key); currency && *value > 0) {
      stored.rates.set(*currency, Rate{*value});
    }
  }
  if (!dated) return std::nullopt;  // not what store() writes: fetched again
  return stored;
}

void SharedRateSource::store(const Stored& stored) {
  transactions_.run(TransactionMode::Write, [&](Ports::Scope& scope) {
    scope.get<SettingRepository>().set(kSetting, encode(stored.rates, stored.fetched_at));
    return true;
  });
}

}  // namespace artshop::app
