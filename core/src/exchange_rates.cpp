#include "artshop/core/exchange_rates.hpp"

#include <limits>

namespace artshop {
namespace {

__extension__ using Wide = __int128;  // exact intermediate products

constexpr Wide power_of_ten(int exponent) noexcept {
  Wide result = 1;
  for (int i = 0; i < exponent; ++i) result *= 10;
  return result;
}

// numerator / denominator (denominator > 0) rounded as asked.
Wide divide(Wide numerator, Wide denominator, Rounding rounding) noexcept {
  const bool negative = numerator < 0;
  const Wide magnitude = negative ? -numerator : numerator;
  Wide quotient = magnitude / denominator;
  if (rounding == Rounding::HalfUp && (magnitude % denominator) * 2 >= denominator) ++quotient;
  return negative ? -quotient : quotient;
}

}  // namespace

std::optional<Rate> Rate::parse(std::string_view text) noexcept {
  std::int64_t scaled = 0;
  int decimals = -1;
  for (const char c : text) {
    if (c == '.') {
      if (decimals >= 0) return std::nullopt;
      decimals = 0;
      continue;
    }
    if (c < '0' || c > '9') return std::nullopt;
    if (decimals >= 0 && ++decimals > 6) return std::nullopt;
    if (__builtin_mul_overflow(scaled, 10, &scaled) ||
        __builtin_add_overflow(scaled, c - '0', &scaled)) {
      return std::nullopt;
    }
  }
  for (int i = decimals < 0 ? 0 : decimals; i < 6; ++i) {
    if (__builtin_mul_overflow(scaled, 10, &scaled)) return std::nullopt;
  }
  if (scaled <= 0) return std::nullopt;
  return Rate{scaled};
}

std::expected<std::int64_t, MoneyError> rescale(std::int64_t amount, int from_exponent,
                                                Rate from_rate, int to_exponent, Rate to_rate,
                                                Rounding rounding) noexcept {
  if (from_rate.scaled <= 0 || to_rate.scaled <= 0) return std::unexpected(MoneyError::MissingRate);
  // amount / 10^from_exp / from_rate * to_rate * 10^to_exp, with both rates scaled alike.
  const Wide numerator = Wide{amount} * to_rate.scaled * power_of_ten(to_exponent);
  const Wide denominator = Wide{from_rate.scaled} * power_of_ten(from_exponent);
  const Wide result = divide(numerator, denominator, rounding);
  if (result > std::numeric_limits<std::int64_t>::max() ||
      result < std::numeric_limits<std::int64_t>::min()) {
    return std::unexpected(MoneyError::Overflow);
  }
  return static_cast<std::int64_t>(result);
}

ExchangeRates::ExchangeRates() noexcept { set(Currency::EUR, Rate{Rate::kScale}); }

void ExchangeRates::set(Currency currency, Rate rate) noexcept {
  if (currency == Currency::EUR) rate = Rate{Rate::kScale};
  rates_[static_cast<std::size_t>(currency)] = rate;
}

std::optional<Rate> ExchangeRates::rate(Currency currency) const noexcept {
  return rates_[static_cast<std::size_t>(currency)];
}

std::expected<Money, MoneyError> ExchangeRates::convert(Money money, Currency to,
                                                        Rounding rounding) const noexcept {
  if (money.currency() == to) return money;
  const auto from_rate = rate(money.currency());
  const auto to_rate = rate(to);
  if (!from_rate || !to_rate) return std::unexpected(MoneyError::MissingRate);
  const auto minor = rescale(money.minor_units(), exponent(money.currency()), *from_rate,
                             exponent(to), *to_rate, rounding);
  if (!minor) return std::unexpected(minor.error());
  return Money(*minor, to);
}

ExchangeRates ExchangeRates::defaults() noexcept {
  ExchangeRates rates;
  const auto set = [&rates](Currency currency, std::int64_t scaled) {
    rates.set(currency, Rate{scaled});
  };
  set(Currency::USD, 1'080'000);
  set(Currency::GBP, 850'000);
  set(Currency::NOK, 11'500'000);
  set(Currency::CZK, 25'000'000);
  set(Currency::PLN, 4'300'000);
  set(Currency::CHF, 950'000);
  set(Currency::AUD, 1'650'000);
  set(Currency::AZN, 1'840'000);
  set(Currency::KZT, 520'000'000);
  set(Currency::SAR, 4'050'000);
  set(Currency::JPY, 162'000'000);
  set(Currency::CAD, 1'480'000);
  set(Currency::NZD, 1'800'000);
  return rates;
}

}  // namespace artshop
