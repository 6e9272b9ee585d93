#pragma once

#include <array>
#include <cstdint>
#include <expected>
#include <optional>
#include <string_view>

#include "artshop/core/currency.hpp"
#include "artshop/core/money.hpp"

namespace artshop {

enum class Rounding : std::uint8_t {
  HalfUp,  // to the nearest minor unit, halves away from zero (what a price shows)
  Down,    // towards zero (what a balance may spend)
};

// "Units of a currency per 1 EUR" as an exact decimal: the value times 10^6.
// 1.0825 USD per EUR is Rate{1'082'500}.
struct Rate {
  static constexpr std::int64_t kScale = 1'000'000;
  std::int64_t scaled = 0;

  // Parses a positive decimal such as "1.0825" or "162.4"; at most six decimals.
  static std::optional<Rate> parse(std::string_view text) noexcept;
  friend constexpr bool operator==(Rate, Rate) noexcept = default;
};

// Rescales `amount` (an integer of 10^-from_exponent units at from_rate per EUR) into
// 10^-to_exponent units at to_rate per EUR. Exact in 128 bits, rounded once at the end.
std::expected<std::int64_t, MoneyError> rescale(std::int64_t amount, int from_exponent,
                                                Rate from_rate, int to_exponent, Rate to_rate,
                                                Rounding rounding) noexcept;

// One set of rates, one per currency, EUR always 1. A snapshot: an order keeps the
// rates it was priced with.
class ExchangeRates {
 public:
  ExchangeRates() noexcept;

  void set(Currency currency, Rate rate) noexcept;
  std::optional<Rate> rate(Currency currency) const noexcept;

  std::expected<Money, MoneyError> convert(Money money, Currency to,
                                           Rounding rounding = Rounding::HalfUp) const noexcept;

  // The shipped defaults: sensible mid-market values, used when configuration names none.
  static ExchangeRates defaults() noexcept;

  friend bool operator==(const ExchangeRates&, const ExchangeRates&) noexcept = default;

 private:
  std::array<std::optional<Rate>, kAllCurrencies.size()> rates_{};
};

}  // namespace artshop
