// Core hot paths: every price shown goes through a conversion, every registration and password
// change through the common-password lookup, every order through cart pricing and payload
// validation, every signed-in call through an access-token check.
#include <benchmark/benchmark.h>

#include <array>
#include <boost/json.hpp>
#include <map>
#include <string>

#include "artshop/core/accounts/common_passwords.hpp"
#include "artshop/core/accounts/profile_forms.hpp"
#include "artshop/core/accounts/shipped_common_passwords.hpp"
#include "artshop/core/catalogue/repositories.hpp"
#include "artshop/core/exchange_rates.hpp"
#include "artshop/core/money.hpp"
#include "artshop/core/orders/pricing.hpp"
#include "artshop/crypto/hmac_jwt_codec.hpp"

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
  const std::array<std::string, 3> candidates{"password1", "purple otter lantern", "Dragon123"};
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(list.contains(candidates[i++ % candidates.size()]));
  }
}
BENCHMARK(LookUpCommonPassword);

// The catalogue as pricing sees it: offers by id, in memory, so the figure is the pricing alone.
class OffersInMemory final : public artshop::OfferRepository {
 public:
  explicit OffersInMemory(int count) {
    for (int i = 1; i <= count; ++i) {
      artshop::Offer offer;
      offer.id = artshop::OfferId{i};
      offer.url_name = "offer-" + std::to_string(i);
      offer.status = artshop::OfferStatus::Active;
      offer.attributes = artshop::standard_attributes(artshop::ArtStyle::Anime, 4096, 900 + 50 * i);
      std::int64_t next_attribute = std::int64_t{i} * 10;
      for (auto& attribute : offer.attributes) {
        attribute.id = artshop::AttributeId{next_attribute++};
      }
      offers_.emplace(i, std::move(offer));
    }
  }
  std::optional<artshop::Offer> find_by_id(artshop::OfferId id) override {
    const auto found = offers_.find(id.value);
    if (found == offers_.end()) return std::nullopt;
    return found->second;
  }
  artshop::OfferPage search(const artshop::OfferSearch&) override { return {}; }
  std::vector<artshop::Offer> latest(int) override { return {}; }
  std::optional<artshop::Offer> find_by_url_name(std::string_view) override { return {}; }
  bool mark_sold_out(artshop::OfferId) override { return false; }
  std::vector<artshop::Category> categories() override { return {}; }
  bool has_categories() override { return false; }
  bool category_exists(std::string_view) override { return false; }
  void upsert_category(const artshop::Category&) override {}
  std::optional<artshop::OfferId> insert(const artshop::Offer&) override { return {}; }
  int count() override { return static_cast<int>(offers_.size()); }

 private:
  std::map<std::int64_t, artshop::Offer> offers_;
};

void PriceFiftyLineCartInYen(benchmark::State& state) {
  OffersInMemory offers(50);
  artshop::PriceCartRequest request{.lines = {}, .gift_card_amount_minor = 0, .currency = "JPY"};
  for (std::int64_t i = 1; i <= 50; ++i) {
    const auto offer = offers.find_by_id(artshop::OfferId{i});
    if (!offer) {
      state.SkipWithError("an offer of the cart is missing");
      return;
    }
    request.lines.push_back(
        {.offer_id = i, .offer_attribute_id = offer->attributes.front().id.value});
  }
  const auto rates = ExchangeRates::defaults();
  for (auto _ : state) {
    auto priced = artshop::price_cart(request, offers, rates);
    if (!priced) state.SkipWithError("the cart did not price");
    benchmark::DoNotOptimize(priced);
  }
}
BENCHMARK(PriceFiftyLineCartInYen)->Unit(benchmark::kMicrosecond);

constexpr std::string_view kOrderPayload = R"({"cartItems":[{"offerId":12,"offerAttributeId":40},
  {"offerId":13,"offerAttributeId":44}],"giftCardAmount":0,"currency":"EUR","payByBalance":false,
  "firstName":"Ada","lastName":"Lovelace","country":"no","city":"Oslo",
  "address1":"Karl Johans gate 1","state":"","zipCode":"0154","agreedToPP_TOS":true,
  "javascriptEnabled":true,"acceptLanguage":"en","screenWidth":1920,"screenHeight":1080,
  "timeZoneOffset":-60,"userAgent":"Mozilla/5.0"})";

// The checks every order payload passes before pricing: the JSON read, then the payer's names
// and billing address.
void ValidateOrderPayload(benchmark::State& state) {
  for (auto _ : state) {
    const auto body = boost::json::parse(kOrderPayload).as_object();
    const auto text = [&](std::string_view key) { return std::string(body.at(key).as_string()); };
    artshop::ProfileForm names{.first_name = text("firstName"), .last_name = text("lastName")};
    artshop::BillingForm billing{.country = text("country"),
                                 .state = text("state"),
                                 .city = text("city"),
                                 .address1 = text("address1"),
                                 .zip_code = text("zipCode")};
    artshop::ValidationErrors errors;
    artshop::check_profile(names, errors);
    artshop::check_billing(billing, errors);
    if (!errors.empty()) state.SkipWithError("the payload did not validate");
    benchmark::DoNotOptimize(billing);
  }
}
BENCHMARK(ValidateOrderPayload)->Unit(benchmark::kMicrosecond);

artshop::crypto::HmacJwtAccessTokenCodec token_codec() {
  std::vector<std::byte> secret(32, std::byte{0x5a});
  auto kid = artshop::crypto::derive_key_id(secret);
  return {artshop::crypto::JwtKeyring({.kid = std::move(kid), .secret = std::move(secret)}), {}};
}

void SignAccessToken(benchmark::State& state) {
  const auto codec = token_codec();
  const auto claims =
      artshop::AccessTokenClaims::for_user(artshop::UserId{42}, std::chrono::system_clock::now());
  for (auto _ : state) benchmark::DoNotOptimize(codec.issue(claims));
}
BENCHMARK(SignAccessToken);

void VerifyAccessToken(benchmark::State& state) {
  const auto codec = token_codec();
  const auto now = std::chrono::system_clock::now();
  const auto token = codec.issue(artshop::AccessTokenClaims::for_user(artshop::UserId{42}, now));
  for (auto _ : state) {
    auto claims = codec.verify(token, now);
    if (!claims) state.SkipWithError("the token did not verify");
    benchmark::DoNotOptimize(claims);
  }
}
BENCHMARK(VerifyAccessToken);

}  // namespace
