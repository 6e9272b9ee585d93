#include "artshop/core/money.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdlib>
#include <limits>
#include <utility>

#include "artshop/core/text.hpp"

namespace artshop {
namespace {

struct CurrencyInfo {
  Currency currency;
  std::string_view code;
  int exponent;
};

constexpr std::array<CurrencyInfo, kAllCurrencies.size()> kCurrencyInfo{{
    {Currency::EUR, "EUR", 2},
    {Currency::USD, "USD", 2},
    {Currency::GBP, "GBP", 2},
    {Currency::NOK, "NOK", 2},
    {Currency::CZK, "CZK", 2},
    {Currency::PLN, "PLN", 2},
    {Currency::CHF, "CHF", 2},
    {Currency::AUD, "AUD", 2},
    {Currency::AZN, "AZN", 2},
    {Currency::KZT, "KZT", 2},
    {Currency::SAR, "SAR", 2},
    {Currency::JPY, "JPY", 0},
    {Currency::CAD, "CAD", 2},
    {Currency::NZD, "NZD", 2},
}};

const CurrencyInfo& info(Currency currency) noexcept {
  return kCurrencyInfo[static_cast<std::size_t>(currency)];
}

}  // namespace

std::string_view code(Currency currency) noexcept {
  return info(currency).code;
}

int exponent(Currency currency) noexcept {
  return info(currency).exponent;
}

std::optional<Currency> parse_currency(std::string_view text) noexcept {
  for (const auto& entry : kCurrencyInfo) {
    if (text::equal_ignoring_ascii_case(text, entry.code)) return entry.currency;
  }
  return std::nullopt;
}

std::string_view describe(MoneyError error) noexcept {
  switch (error) {
    case MoneyError::CurrencyMismatch:
      return "amounts are in different currencies";
    case MoneyError::Overflow:
      return "amount is too large";
    case MoneyError::InvalidFormat:
      return "not a valid amount";
    case MoneyError::TooPrecise:
      return "too many decimal places for the currency";
    case MoneyError::UnknownCurrency:
      return "unknown currency";
    case MoneyError::MissingRate:
      return "no exchange rate for the currency";
  }
  return "invalid money";
}

std::expected<Money, MoneyError> Money::parse(std::string_view text, Currency currency) {
  const bool negative = !text.empty() && text.front() == '-';
  if (negative) text.remove_prefix(1);
  const auto dot = text.find('.');
  const std::string_view whole = text.substr(0, dot);
  const std::string_view fraction = dot == std::string_view::npos ? "" : text.substr(dot + 1);
  if (whole.empty() || (dot != std::string_view::npos && fraction.empty())) {
    return std::unexpected(MoneyError::InvalidFormat);
  }
  for (const char c : text) {
    if ((c < '0' || c > '9') && c != '.') return std::unexpected(MoneyError::InvalidFormat);
  }
  if (fraction.find('.') != std::string_view::npos) {
    return std::unexpected(MoneyError::InvalidFormat);
  }
  const int places = exponent(currency);
  if (std::cmp_greater(fraction.size(), places)) return std::unexpected(MoneyError::TooPrecise);

  std::int64_t minor = 0;
  const auto accumulate = [&minor](char digit) {
    return !__builtin_mul_overflow(minor, 10, &minor) &&
           !__builtin_add_overflow(minor, digit - '0', &minor);
  };
  for (const char c : whole) {
    if (!accumulate(c)) return std::unexpected(MoneyError::Overflow);
  }
  for (int i = 0; i < places; ++i) {
    const char digit =
        std::cmp_less(i, fraction.size()) ? fraction[static_cast<std::size_t>(i)] : '0';
    if (!accumulate(digit)) return std::unexpected(MoneyError::Overflow);
  }
  return Money(negative ? -minor : minor, currency);
}

std::expected<Money, MoneyError> Money::plus(Money other) const noexcept {
  if (currency_ != other.currency_) return std::unexpected(MoneyError::CurrencyMismatch);
  std::int64_t sum = 0;
  if (__builtin_add_overflow(minor_units_, other.minor_units_, &sum)) {
    return std::unexpected(MoneyError::Overflow);
  }
  return Money(sum, currency_);
}

std::expected<Money, MoneyError> Money::minus(Money other) const noexcept {
  if (currency_ != other.currency_) return std::unexpected(MoneyError::CurrencyMismatch);
  std::int64_t difference = 0;
  if (__builtin_sub_overflow(minor_units_, other.minor_units_, &difference)) {
    return std::unexpected(MoneyError::Overflow);
  }
  return Money(difference, currency_);
}

std::expected<Money, MoneyError> Money::times(std::int64_t factor) const noexcept {
  std::int64_t product = 0;
  if (__builtin_mul_overflow(minor_units_, factor, &product)) {
    return std::unexpected(MoneyError::Overflow);
  }
  return Money(product, currency_);
}

std::expected<std::strong_ordering, MoneyError> Money::compare(Money other) const noexcept {
  if (currency_ != other.currency_) return std::unexpected(MoneyError::CurrencyMismatch);
  return minor_units_ <=> other.minor_units_;
}

std::string Money::amount_text() const {
  const int places = exponent(currency_);
  // Work on the unsigned magnitude so that INT64_MIN prints too.
  const auto magnitude = minor_units_ < 0 ? 0 - static_cast<std::uint64_t>(minor_units_)
                                          : static_cast<std::uint64_t>(minor_units_);
  // Written by hand: a page of offers shows some two hundred amounts.
  std::array<char, 24> digits{};
  const auto written =
      std::to_chars(digits.data(), digits.data() + digits.size(), magnitude).ptr - digits.data();
  const auto whole = std::max<std::ptrdiff_t>(written - places, 0);  // digits before the point
  std::string text(minor_units_ < 0 ? "-" : "");
  text.reserve(static_cast<std::size_t>(written) + static_cast<std::size_t>(places) + 3);
  if (whole == 0) {
    text += '0';
  } else {
    text.append(digits.data(), static_cast<std::size_t>(whole));
  }
  if (places > 0) {
    text += '.';
    text.append(static_cast<std::size_t>(places + whole - written), '0');
    text.append(digits.data() + whole, static_cast<std::size_t>(written - whole));
  }
  return text;
}

std::string Money::to_string() const {
  return fmt::format("{} {}", amount_text(), code(currency_));
}

}  // namespace artshop
