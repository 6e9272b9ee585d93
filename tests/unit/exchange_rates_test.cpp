#include "artshop/core/exchange_rates.hpp"

#include <gtest/gtest.h>

#include <limits>

namespace artshop {
namespace {

ExchangeRates rates_with(Currency currency, std::int64_t scaled) {
  ExchangeRates rates;
  rates.set(currency, Rate{scaled});
  return rates;
}

TEST(Rate, ParsesExactDecimals) {
  EXPECT_EQ(Rate::parse("1.0825"), Rate{1'082'500});
  EXPECT_EQ(Rate::parse("162"), Rate{162'000'000});
  EXPECT_EQ(Rate::parse("0.000001"), Rate{1});
}

TEST(Rate, RejectsZeroNegativeAndTooPreciseRates) {
  EXPECT_EQ(Rate::parse("0"), std::nullopt);
  EXPECT_EQ(Rate::parse("-1.2"), std::nullopt);
  EXPECT_EQ(Rate::parse("1.0000001"), std::nullopt);
  EXPECT_EQ(Rate::parse("abc"), std::nullopt);
  EXPECT_EQ(Rate::parse(""), std::nullopt);
  EXPECT_EQ(Rate::parse("1.2.3"), std::nullopt);
}

TEST(ExchangeRates, EuroIsAlwaysTheBaseAtOne) {
  ExchangeRates rates;
  rates.set(Currency::EUR, Rate{5});
  EXPECT_EQ(rates.rate(Currency::EUR), Rate{Rate::kScale});
}

TEST(ExchangeRates, ConvertsEurosToDollars) {
  const auto rates = rates_with(Currency::USD, 1'082'500);
  EXPECT_EQ(rates.convert(Money(1000, Currency::EUR), Currency::USD), Money(1083, Currency::USD));
}

TEST(ExchangeRates, ConvertsToWholeYenForJpyZeroExponent) {
  const auto rates = rates_with(Currency::JPY, 162'450'000);
  // 19.99 EUR * 162.45 = 3247.3755 JPY -> 3247
  EXPECT_EQ(rates.convert(Money(1999, Currency::EUR), Currency::JPY), Money(3247, Currency::JPY));
  // And back: 3247 JPY / 162.45 = 19.98768... EUR -> 19.99
  EXPECT_EQ(rates.convert(Money(3247, Currency::JPY), Currency::EUR), Money(1999, Currency::EUR));
}

TEST(ExchangeRates, RoundsHalfUpAtExactlyTheHalf) {
  const auto rates = rates_with(Currency::USD, 1'500'000);
  // 0.01 EUR * 1.5 = 0.015 USD: the half goes up to 0.02.
  EXPECT_EQ(rates.convert(Money(1, Currency::EUR), Currency::USD), Money(2, Currency::USD));
  // 0.03 EUR * 1.5 = 0.045 -> 0.05; negative halves go away from zero.
  EXPECT_EQ(rates.convert(Money(3, Currency::EUR), Currency::USD), Money(5, Currency::USD));
  EXPECT_EQ(rates.convert(Money(-1, Currency::EUR), Currency::USD), Money(-2, Currency::USD));
}

TEST(ExchangeRates, JustBelowTheHalfRoundsDown) {
  const auto rates = rates_with(Currency::USD, 1'499'999);
  EXPECT_EQ(rates.convert(Money(1, Currency::EUR), Currency::USD), Money(1, Currency::USD));
}

TEST(ExchangeRates, RoundsDownWhenAskedForWhatCanBeSpent) {
  const auto rates = rates_with(Currency::USD, 1'500'000);
  EXPECT_EQ(rates.convert(Money(1, Currency::EUR), Currency::USD, Rounding::Down),
            Money(1, Currency::USD));
}

TEST(ExchangeRates, ConvertsBetweenTwoForeignCurrenciesThroughTheEuro) {
  ExchangeRates rates;
  rates.set(Currency::USD, Rate{1'080'000});
  rates.set(Currency::GBP, Rate{850'000});
  // 10.00 USD = 9.259259 EUR = 7.87037 GBP -> 7.87
  EXPECT_EQ(rates.convert(Money(1000, Currency::USD), Currency::GBP), Money(787, Currency::GBP));
}

TEST(ExchangeRates, SameCurrencyIsUnchanged) {
  EXPECT_EQ(ExchangeRates{}.convert(Money(123, Currency::EUR), Currency::EUR),
            Money(123, Currency::EUR));
}

TEST(ExchangeRates, AMissingRateIsAnError) {
  EXPECT_EQ(ExchangeRates{}.convert(Money(100, Currency::EUR), Currency::USD),
            std::unexpected(MoneyError::MissingRate));
}

TEST(ExchangeRates, ReportsOverflowOfTheResult) {
  const auto rates = rates_with(Currency::KZT, 520'000'000);
  EXPECT_EQ(rates.convert(Money(std::numeric_limits<std::int64_t>::max(), Currency::EUR),
                          Currency::KZT),
            std::unexpected(MoneyError::Overflow));
}

TEST(ExchangeRates, DefaultsCoverEveryCurrency) {
  const auto rates = ExchangeRates::defaults();
  for (const Currency currency : kAllCurrencies) {
    EXPECT_TRUE(rates.rate(currency).has_value()) << code(currency);
  }
}

TEST(Rescale, ConvertsCentsToMicroEurosExactly) {
  const Rate euro{Rate::kScale};
  EXPECT_EQ(rescale(1999, 2, euro, 6, euro, Rounding::HalfUp), 19'990'000);
}

}  // namespace
}  // namespace artshop
