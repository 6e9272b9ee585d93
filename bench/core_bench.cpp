// Core hot paths: every price shown goes through a conversion, every registration and password
// change through the common-password lookup.
#include <benchmark/benchmark.h>

#include <string>

#include "artshop/core/accounts/common_passwords.hpp"
#include "artshop/core/accounts/shipped_common_passwords.hpp"
#include "artshop/core/exchange_rates.hpp"
#include "artshop/core/money.hpp"

namespace {

using artshop::Currency;
using artshop::ExchangeRates;
using artshop::Money;

void ConvertEuroPriceToYen(benchmark::State& state) {
  const auto rates = ExchangeRates::defaults();
  std::int64_t cents = 1999;
  for (auto _ : state) {
    benchmark::DoNotOptimize(rates.convert(Money(cents++, Currency::EUR), Currency::JPY));
  }
}
BENCHMARK(ConvertEuroPriceToYen);

void ConvertBetweenTwoForeignCurrencies(benchmark::State& state) {
  const auto rates = ExchangeRates::defaults();
  std::int64_t cents = 1999;
  for (auto _ : state) {
    benchmark::DoNotOptimize(rates.convert(Money(cents++, Currency::USD), Currency::GBP));
  }
}
BENCHMARK(ConvertBetweenTwoForeignCurrencies);

void ParseAmount(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(Money::parse("1234.56", Currency::EUR));
}
BENCHMARK(ParseAmount);

void FormatAmount(benchmark::State& state) {
  const Money price(123456, Currency::EUR);
  for (auto _ : state) benchmark::DoNotOptimize(price.amount_text());
}
BENCHMARK(FormatAmount);

void LoadCommonPasswordList(benchmark::State& state) {
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        artshop::CommonPasswords::parse(artshop::shipped_common_passwords_text()));
  }
}
BENCHMARK(LoadCommonPasswordList)->Unit(benchmark::kMillisecond);

void LookUpCommonPassword(benchmark::State& state) {
  const auto list = artshop::CommonPasswords::parse(artshop::shipped_common_passwords_text());
  const std::string candidates[] = {"password1", "purple otter lantern", "Dragon123"};
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(list.contains(candidates[i++ % 3]));
}
BENCHMARK(LookUpCommonPassword);

}  // namespace
