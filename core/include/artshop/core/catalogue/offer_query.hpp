#pragma once

#include <array>
#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artshop/core/catalogue/art_style.hpp"
#include "artshop/core/catalogue/aspect_ratio.hpp"
#include "artshop/core/currency.hpp"
#include "artshop/core/exchange_rates.hpp"
#include "artshop/core/money.hpp"
#include "artshop/core/validation.hpp"

namespace artshop {

enum class OfferSort : std::uint8_t { NewToOld, LowToHigh, HighToLow };
std::string_view name(OfferSort sort) noexcept;
std::optional<OfferSort> parse_offer_sort(std::string_view text) noexcept;

inline constexpr int kDefaultPageSize = 24;
inline constexpr int kMaxPageSize = 96;
// Far past any catalogue, and small enough that (Page - 1) * PageSize fits an int.
inline constexpr int kMaxPage = 1'000'000;
inline constexpr int kLatestOfferCount = 12;
// In characters.
inline constexpr std::size_t kMaxSearchLength = 200;
// Sort=Relevance is no OfferSort (the store's orders know nothing of search scores): a query
// sorted by relevance carries by_relevance and sort NewToOld, what it falls back to without a
// search word.
inline constexpr std::string_view kRelevanceSortName = "Relevance";
// The price facet's bands: each band's lowest price in euro cents (the last band is open).
inline constexpr std::array<std::int64_t, 6> kPriceBandStartsEurCents{0,    1000,  2500,
                                                                      5000, 10000, 25000};

// The list call's query string as sent, each parameter absent or its text
// (SPEC.md: Sort, Orientation, Style, From, To, Currency; DESIGN.md adds Category, Search,
// Page, PageSize).
struct OfferListParameters {
  std::optional<std::string> currency;
  std::optional<std::string> sort;
  std::optional<std::string> orientation;
  std::optional<std::string> style;
  std::optional<std::string> from;
  std::optional<std::string> to;
  std::optional<std::string> category;
  std::optional<std::string> search;
  std::optional<std::string> page;
  std::optional<std::string> page_size;
};

// The list query, checked: prices are in the display currency, inclusive.
struct OfferQuery {
  Currency currency = kDefaultCurrency;
  OfferSort sort = OfferSort::NewToOld;
  std::optional<Orientation> orientation;
  std::optional<ArtStyle> style;
  std::optional<Money> from;
  std::optional<Money> to;
  std::optional<std::string> category;
  std::optional<std::string> search;
  int page = 1;
  int page_size = kDefaultPageSize;
  bool by_relevance = false;  // Sort=Relevance, or no Sort with a Search
};

// Every bad parameter is reported under its name (Currency, Sort, From, ...). An empty
// Orientation, Style, Category or Search means no filter. Search: at most kMaxSearchLength
// characters, its double quotes paired.
std::expected<OfferQuery, ValidationErrors> validate_offer_query(const OfferListParameters& raw);

// Reads the Currency parameter of the offer calls (required, one of the 14).
std::expected<Currency, ValidationErrors> validate_display_currency(
    const std::optional<std::string>& currency);

// Reads search text sent as `field` (Search, Prefix): trimmed, nullopt when absent or blank;
// more than kMaxSearchLength characters, or a double quote left unpaired (when `quotes`),
// give `field` its message in `errors`.
std::optional<std::string> read_search_text(const std::optional<std::string>& text,
                                            std::string_view field, bool quotes,
                                            ValidationErrors& errors);

// The price facet's bands in `currency`: each band's lowest display price and, but for the
// last, its highest (the next band's lowest minus one minor unit), with the lowest price in
// euro cents shown in it, as a From/To filter with those amounts selects (euro_cent_range).
// A band no price is shown in (two thresholds converting to one amount) is left out.
struct PriceBand {
  Money from;
  std::optional<Money> to;
  std::int64_t start_eur_cents = 0;
};
std::vector<PriceBand> price_bands(Currency currency, const ExchangeRates& rates);
// Every currency's price bands at one set of rates, worked out once for them.
struct PriceBandTable {
  ExchangeRates rates;
  std::array<std::vector<PriceBand>, kAllCurrencies.size()> bands;

  explicit PriceBandTable(const ExchangeRates& rates);
  const std::vector<PriceBand>& of(Currency currency) const noexcept {
    return bands[static_cast<std::size_t>(currency)];
  }
};
// A price range in euro cents that selects exactly the prices whose display in `currency`
// (converted, rounded half-up) lies within [from, to]. Conversion never decreases as the
// amount grows, so the bounds are found by bisection with the very conversion the shop shows.
struct EuroCentRange {
  std::optional<std::int64_t> min;
  std::optional<std::int64_t> max;
  bool empty = false;  // no price can match
};
EuroCentRange euro_cent_range(const OfferQuery& query, const ExchangeRates& rates);

}  // namespace artshop
