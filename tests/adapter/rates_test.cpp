#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "artshop/rates/ecb_feed.hpp"
#include "artshop/rates/table_rates.hpp"

namespace artshop::rates {
namespace {

const std::string kSample = std::string(ARTSHOP_SOURCE_DIR) + "/tests/data/eurofxref-daily.xml";

std::string read_sample() {
  std::ifstream in(kSample);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(EcbFeed, ReadsTheShopsCurrenciesFromTheDailyFile) {
  const auto table = ExchangeRates::defaults();
  const auto feed = parse_ecb_daily(read_sample(), table);
  ASSERT_TRUE(feed) << feed.error();
  EXPECT_EQ(feed->date, "2026-11-20");
  EXPECT_EQ(feed->currencies_read, 10) << "USD GBP NOK CZK PLN CHF AUD JPY CAD NZD";
  EXPECT_EQ(feed->rates.rate(Currency::USD), Rate{1'054'800});
  EXPECT_EQ(feed->rates.rate(Currency::GBP), Rate{833'680});
  EXPECT_EQ(feed->rates.rate(Currency::JPY), Rate{163'020'000});
}

TEST(EcbFeed, KeepsTheTableRatesOfAznKztAndSarWhichTheEcbDoesNotPublish) {
  const auto table = ExchangeRates::defaults();
  const auto feed = parse_ecb_daily(read_sample(), table).value();
  for (const auto currency : {Currency::AZN, Currency::KZT, Currency::SAR}) {
    EXPECT_EQ(feed.rates.rate(currency), table.rate(currency)) << code(currency);
  }
  EXPECT_EQ(feed.rates.rate(Currency::EUR), Rate{Rate::kScale});
}

TEST(EcbFeed, RefusesTextThatIsNotAFeed) {
  const auto table = ExchangeRates::defaults();
  EXPECT_FALSE(parse_ecb_daily("<html>maintenance</html>", table));
  EXPECT_FALSE(parse_ecb_daily("<Cube time='2026-01-01'><Cube currency='USD' rate='abc'/></Cube>", table));
  EXPECT_FALSE(parse_ecb_daily("<Cube><Cube currency='USD' rate='1.1'/></Cube>", table))
      << "no date";
}

TEST(EcbRateSource, FetchesTheFeedThroughAFileUrl) {
  EcbRateSource source("file://" + kSample, ExchangeRates::defaults(), std::chrono::hours(24));
  EXPECT_EQ(source.current().rate(Currency::NOK), Rate{11'699'000});
}

TEST(EcbRateSource, KeepsTheLastGoodRatesWhenAFetchFails) {
  int calls = 0;
  EcbRateSource source(
      "https://ecb.example/feed.xml", ExchangeRates::defaults(), std::chrono::hours(24),
      [&](const std::string&) -> std::expected<std::string, std::string> {
        if (++calls == 1) return read_sample();
        return std::unexpected("connection refused");
      });
  EXPECT_FALSE(source.refresh());
  EXPECT_EQ(source.current().rate(Currency::USD), Rate{1'054'800});
}

TEST(TableRates, ReadsConfiguredRatesOverTheDefaults) {
  const auto rates = rates_from_settings({{"rate.usd", "1.1"}, {"port", "80"}});
  ASSERT_TRUE(rates);
  EXPECT_EQ(rates->rate(Currency::USD), Rate{1'100'000});
  EXPECT_EQ(rates->rate(Currency::GBP), ExchangeRates::defaults().rate(Currency::GBP));
}

TEST(TableRates, NamesTheBadEntry) {
  EXPECT_EQ(rates_from_settings({{"rate.xyz", "1"}}).error(),
            "rate.xyz: not one of the 14 supported currencies");
  EXPECT_FALSE(rates_from_settings({{"rate.usd", "-1"}}));
  EXPECT_FALSE(rates_from_settings({{"rate.eur", "2"}}));
}

}  // namespace
}  // namespace artshop::rates
