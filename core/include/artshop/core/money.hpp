#pragma once

#include <compare>
#include <cstdint>
#include <expected>
#include <string>
#include <string_view>

#include "artshop/core/currency.hpp"

namespace artshop {

enum class MoneyError : std::uint8_t {
  CurrencyMismatch,  // adding or comparing amounts of two currencies
  Overflow,          // the result does not fit in 64 bits of minor units
  InvalidFormat,     // text that is not a decimal amount
  TooPrecise,        // more decimals than the currency's minor unit
  UnknownCurrency,   // a code that is not one of the 14
  MissingRate,       // no exchange rate for a currency
};

std::string_view describe(MoneyError error) noexcept;

// An amount of one currency as an integer count of its minor units (cents, or whole yen).
class Money {
 public:
  constexpr Money(std::int64_t minor_units, Currency currency) noexcept
      : minor_units_(minor_units), currency_(currency) {}

  static constexpr Money zero(Currency currency) noexcept { return Money(0, currency); }

  // Parses "12", "12.5", "-0.05" in the given currency. No exponent notation, no grouping,
  // never more decimals than the currency has: "0.001" EUR is TooPrecise rather than rounded.
  static std::expected<Money, MoneyError> parse(std::string_view text, Currency currency);

  constexpr std::int64_t minor_units() const noexcept { return minor_units_; }
  constexpr Currency currency() const noexcept { return currency_; }
  constexpr bool is_negative() const noexcept { return minor_units_ < 0; }

  std::expected<Money, MoneyError> plus(Money other) const noexcept;
  std::expected<Money, MoneyError> minus(Money other) const noexcept;
  std::expected<Money, MoneyError> times(std::int64_t factor) const noexcept;
  std::expected<std::strong_ordering, MoneyError> compare(Money other) const noexcept;

  // The amount in major units with exactly the currency's decimals: "12.30", "-0.05", "1500" (JPY).
  std::string amount_text() const;
  // The amount followed by the code: "12.30 EUR".
  std::string to_string() const;

  friend constexpr bool operator==(Money, Money) noexcept = default;

 private:
  std::int64_t minor_units_;
  Currency currency_;
};

}  // namespace artshop
