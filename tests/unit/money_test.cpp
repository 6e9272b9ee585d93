#include "artshop/core/money.hpp"

#include <gtest/gtest.h>

#include <limits>

namespace artshop {
namespace {

TEST(Currency, ListsTheFourteenCurrenciesOfTheShop) {
  EXPECT_EQ(kAllCurrencies.size(), 14U);
  std::string codes;
  for (const Currency currency : kAllCurrencies) codes += std::string(code(currency)) + " ";
  EXPECT_EQ(codes, "EUR USD GBP NOK CZK PLN CHF AUD AZN KZT SAR JPY CAD NZD ");
}

TEST(Currency, JpyHasNoMinorUnitAndTheOthersHaveTwo) {
  for (const Currency currency : kAllCurrencies) {
    EXPECT_EQ(exponent(currency), currency == Currency::JPY ? 0 : 2) << code(currency);
  }
}

TEST(Currency, ParsesCodesIgnoringCase) {
  EXPECT_EQ(parse_currency("EUR"), Currency::EUR);
  EXPECT_EQ(parse_currency("jpy"), Currency::JPY);
  EXPECT_EQ(parse_currency("Nzd"), Currency::NZD);
}

TEST(Currency, RejectsUnknownCodes) {
  EXPECT_EQ(parse_currency("XYZ"), std::nullopt);
  EXPECT_EQ(parse_currency("RUB"), std::nullopt);
  EXPECT_EQ(parse_currency(""), std::nullopt);
  EXPECT_EQ(parse_currency("EURO"), std::nullopt);
  EXPECT_EQ(parse_currency("EU"), std::nullopt);
}

TEST(MoneyParse, ReadsWholeAndDecimalAmounts) {
  EXPECT_EQ(Money::parse("12", Currency::EUR), Money(1200, Currency::EUR));
  EXPECT_EQ(Money::parse("12.5", Currency::EUR), Money(1250, Currency::EUR));
  EXPECT_EQ(Money::parse("0.05", Currency::USD), Money(5, Currency::USD));
  EXPECT_EQ(Money::parse("-3.10", Currency::GBP), Money(-310, Currency::GBP));
}

TEST(MoneyParse, JpyAcceptsOnlyWholeYen) {
  EXPECT_EQ(Money::parse("1500", Currency::JPY), Money(1500, Currency::JPY));
  EXPECT_EQ(Money::parse("1500.5", Currency::JPY), std::unexpected(MoneyError::TooPrecise));
}

TEST(MoneyParse, RejectsMoreDecimalsThanTheCurrencyHasInsteadOfRounding) {
  EXPECT_EQ(Money::parse("0.001", Currency::EUR), std::unexpected(MoneyError::TooPrecise));
}

TEST(MoneyParse, RejectsTextThatIsNotAnAmount) {
  for (const char* text : {"", "-", ".5", "5.", "1e3", "1,5", "12.3.4", " 12", "abc", "+1"}) {
    EXPECT_EQ(Money::parse(text, Currency::EUR), std::unexpected(MoneyError::InvalidFormat))
        << '"' << text << '"';
  }
}

TEST(MoneyParse, RejectsAmountsBeyondSixtyFourBits) {
  EXPECT_EQ(Money::parse("92233720368547758.08", Currency::EUR),
            std::unexpected(MoneyError::Overflow));
  EXPECT_EQ(Money::parse("92233720368547758.07", Currency::EUR),
            Money(std::numeric_limits<std::int64_t>::max(), Currency::EUR));
}

TEST(MoneyFormat, ShowsExactlyTheCurrencysDecimals) {
  EXPECT_EQ(Money(1230, Currency::EUR).amount_text(), "12.30");
  EXPECT_EQ(Money(5, Currency::EUR).amount_text(), "0.05");
  EXPECT_EQ(Money(-5, Currency::EUR).amount_text(), "-0.05");
  EXPECT_EQ(Money(1500, Currency::JPY).amount_text(), "1500");
  EXPECT_EQ(Money(-1500, Currency::JPY).amount_text(), "-1500");
  EXPECT_EQ(Money(0, Currency::JPY).amount_text(), "0");
  EXPECT_EQ(Money(0, Currency::EUR).amount_text(), "0.00");
  EXPECT_EQ(Money(40, Currency::EUR).amount_text(), "0.40");
  EXPECT_EQ(Money(100, Currency::EUR).amount_text(), "1.00");
  EXPECT_EQ(Money(123'456'789, Currency::EUR).amount_text(), "1234567.89");
  EXPECT_EQ(Money(1230, Currency::CHF).to_string(), "12.30 CHF");
}

TEST(MoneyFormat, PrintsTheMostNegativeAmount) {
  EXPECT_EQ(Money(std::numeric_limits<std::int64_t>::min(), Currency::EUR).amount_text(),
            "-92233720368547758.08");
}

TEST(MoneyArithmetic, AddsAndSubtractsInOneCurrency) {
  const Money a(1050, Currency::EUR);
  const Money b(250, Currency::EUR);
  EXPECT_EQ(a.plus(b), Money(1300, Currency::EUR));
  EXPECT_EQ(a.minus(b), Money(800, Currency::EUR));
  EXPECT_EQ(b.minus(a), Money(-800, Currency::EUR));
  EXPECT_EQ(b.times(3), Money(750, Currency::EUR));
}

TEST(MoneyArithmetic, MixingCurrenciesIsAnErrorNotASilentSum) {
  const Money euros(100, Currency::EUR);
  const Money dollars(100, Currency::USD);
  EXPECT_EQ(euros.plus(dollars), std::unexpected(MoneyError::CurrencyMismatch));
  EXPECT_EQ(euros.minus(dollars), std::unexpected(MoneyError::CurrencyMismatch));
  EXPECT_EQ(euros.compare(dollars), std::unexpected(MoneyError::CurrencyMismatch));
}

TEST(MoneyArithmetic, ReportsOverflowInsteadOfWrapping) {
  const Money most(std::numeric_limits<std::int64_t>::max(), Currency::EUR);
  const Money least(std::numeric_limits<std::int64_t>::min(), Currency::EUR);
  EXPECT_EQ(most.plus(Money(1, Currency::EUR)), std::unexpected(MoneyError::Overflow));
  EXPECT_EQ(least.minus(Money(1, Currency::EUR)), std::unexpected(MoneyError::Overflow));
  EXPECT_EQ(most.times(2), std::unexpected(MoneyError::Overflow));
}

TEST(MoneyArithmetic, ComparesWithinOneCurrency) {
  EXPECT_EQ(Money(1, Currency::EUR).compare(Money(2, Currency::EUR)), std::strong_ordering::less);
  EXPECT_EQ(Money(2, Currency::EUR).compare(Money(2, Currency::EUR)), std::strong_ordering::equal);
}

}  // namespace
}  // namespace artshop
