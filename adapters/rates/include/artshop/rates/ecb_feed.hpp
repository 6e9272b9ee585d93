#pragma once

#include <chrono>
#include <expected>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>

#include "artshop/core/catalogue/ports.hpp"
#include "artshop/core/exchange_rates.hpp"

namespace artshop::rates {

// The ECB's daily reference rates (eurofxref-daily.xml): <Cube time="YYYY-MM-DD"> holding
// <Cube currency="USD" rate="1.0823"/> entries, units per 1 EUR.
struct EcbRates {
  std::string date;
  ExchangeRates rates;
  int currencies_read = 0;  // how many of the shop's currencies the feed gave
};

// Reads a feed on top of `fallback`: the shop's currencies the ECB publishes take the feed's
// rate; the others (AZN, KZT, SAR) keep the fallback's. Answers why when the text is not a feed.
std::expected<EcbRates, std::string> parse_ecb_daily(std::string_view xml,
                                                     const ExchangeRates& fallback);

// Downloads a URL (http, https or file) and answers its body, or why it could not.
using FetchUrl = std::function<std::expected<std::string, std::string>(const std::string& url)>;

// Fetches the feed at `url` and reads it on top of `table`; nothing when either failed, which
// is logged with the reason.
std::optional<EcbRates> fetch_ecb_rates(const std::string& url, const ExchangeRates& table,
                                        const FetchUrl& fetch);

// The fixed table from configuration.
class TableRateSource final : public ExchangeRateSource {
 public:
  explicit TableRateSource(ExchangeRates rates) : rates_(rates) {}
  ExchangeRates current() const override { return rates_; }

 private:
  ExchangeRates rates_;
};

// Rates from the ECB feed, fetched at start and then every `interval` on a thread of its own.
// A failed fetch keeps the last good rates (at first, the table) and is logged.
class EcbRateSource final : public ExchangeRateSource {
 public:
  using Fetch = FetchUrl;

  EcbRateSource(std::string url, ExchangeRates table, std::chrono::seconds interval,
                Fetch fetch = fetch_with_curl);
  ~EcbRateSource() override;
  EcbRateSource(const EcbRateSource&) = delete;
  EcbRateSource& operator=(const EcbRateSource&) = delete;

  ExchangeRates current() const override;
  // Fetches now; false (and the old rates kept) when that failed.
  bool refresh();

  static std::expected<std::string, std::string> fetch_with_curl(const std::string& url);

 private:
  std::string url_;
  ExchangeRates table_;
  Fetch fetch_;
  mutable std::mutex mutex_;
  ExchangeRates rates_;
  std::jthread refresher_;
};

}  // namespace artshop::rates
