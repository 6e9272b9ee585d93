#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "artshop/core/orders/pricing.hpp"
#include "fakes/order_fakes.hpp"

namespace artshop {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

class PriceCart : public ::testing::Test {
 protected:
  PriceCart() {
    harbour = fakes::add_offer(store.state, "Harbour",
                               {{11, Licence::Personal, 19'99}, {12, Licence::Commercial, 49'00}});
    tower = fakes::add_offer(store.state, "Tower", {{21, Licence::ExclusiveCommercial, 500'00}});
    hidden = fakes::add_offer(store.state, "Hidden", {{31, Licence::Personal, 9'00}},
                              OfferStatus::Hidden);
    sold = fakes::add_offer(store.state, "Sold", {{41, Licence::ExclusiveCommercial, 300'00}},
                            OfferStatus::SoldOut);
  }

  std::expected<PricedCart, ValidationErrors> price(PriceCartRequest request) {
    fakes::InMemoryOffers offers(store.state);
    return price_cart(request, offers, rates.current());
  }

  fakes::InMemoryUnitOfWork store;
  fakes::FixedRates rates;
  OfferId harbour, tower, hidden, sold;
};

TEST_F(PriceCart, PricesEachLineFromTheCatalogue_InTheOrderCurrency) {
  const auto cart = price({.lines = {{harbour.value, 11}, {tower.value, 21}},
                           .gift_card_amount_minor = 0,
                           .currency = "usd"});
  ASSERT_TRUE(cart) << cart.error().by_field().begin()->first;
  EXPECT_EQ(cart->currency, Currency::USD);
  EXPECT_EQ(cart->rate, (Rate{1'082'500}));
  ASSERT_EQ(cart->lines.size(), 2U);
  // 19.99 EUR * 1.0825 = 21.639175 -> 21.64 USD; 500 EUR -> 541.25 USD
  EXPECT_EQ(cart->lines[0].price_minor, 21'64);
  EXPECT_EQ(cart->lines[0].price_eur_cents, 19'99);
  EXPECT_EQ(cart->lines[0].title, "Harbour");
  EXPECT_EQ(cart->lines[1].price_minor, 541'25);
  EXPECT_EQ(cart->lines[1].licence, Licence::ExclusiveCommercial);
  EXPECT_EQ(cart->total_minor, 21'64 + 541'25);
}

TEST_F(PriceCart, WithAGiftCard_AddsItToTheTotal) {
  const auto cart =
      price({.lines = {{harbour.value, 12}}, .gift_card_amount_minor = 25'00, .currency = "EUR"});
  ASSERT_TRUE(cart);
  EXPECT_THAT(cart->gift_cards, ElementsAre(GiftCardLine{25'00}));
  EXPECT_EQ(cart->total_minor, 49'00 + 25'00);
}

TEST_F(PriceCart, WithOnlyAGiftCard_IsAnOrder) {
  const auto cart = price({.lines = {{-1, -1}}, .gift_card_amount_minor = 5'00, .currency = "EUR"});
  ASSERT_TRUE(cart);
  EXPECT_TRUE(cart->lines.empty());
  EXPECT_EQ(cart->total_minor, 5'00);
}

TEST_F(PriceCart, WithNothing_RejectsTheOrderAsAWhole) {
  EXPECT_TRUE(price({.lines = {}, .gift_card_amount_minor = 0, .currency = "EUR"})
                  .error()
                  .has(ValidationErrors::kGeneral));
  EXPECT_TRUE(price({.lines = {{-1, -1}}, .gift_card_amount_minor = 0, .currency = "EUR"})
                  .error()
                  .has(ValidationErrors::kGeneral));
}

TEST_F(PriceCart, WithAnUnknownOfferOrAttribute_RejectsCartItems) {
  EXPECT_TRUE(price({.lines = {{999, 11}}, .gift_card_amount_minor = 0, .currency = "EUR"})
                  .error()
                  .has("cartItems"));
  EXPECT_TRUE(
      price({.lines = {{harbour.value, 21}}, .gift_card_amount_minor = 0, .currency = "EUR"})
          .error()
          .has("cartItems"));
}

TEST_F(PriceCart, WithAHiddenOffer_RejectsCartItems) {
  EXPECT_TRUE(price({.lines = {{hidden.value, 31}}, .gift_card_amount_minor = 0, .currency = "EUR"})
                  .error()
                  .has("cartItems"));
}

TEST_F(PriceCart, WithTheSameLineTwice_RejectsCartItems) {
  const auto cart = price({.lines = {{harbour.value, 11}, {harbour.value, 11}},
                           .gift_card_amount_minor = 0,
                           .currency = "EUR"});
  EXPECT_THAT(cart.error().messages("cartItems"), ElementsAre(HasSubstr("twice")));
}

TEST_F(PriceCart, WithASoldOutExclusive_RejectsCartItems) {
  const auto cart =
      price({.lines = {{sold.value, 41}}, .gift_card_amount_minor = 0, .currency = "EUR"});
  EXPECT_THAT(cart.error().messages("cartItems"), ElementsAre(HasSubstr("sold out")));
}

TEST_F(PriceCart, WithAnUnsupportedCurrency_RejectsTheCurrency) {
  const auto cart =
      price({.lines = {{harbour.value, 11}}, .gift_card_amount_minor = 0, .currency = "BTC"});
  EXPECT_TRUE(cart.error().has("currency"));
}

TEST_F(PriceCart, WithAGiftCardOutsideFiveToFiveHundredEuros_RejectsTheAmount) {
  for (const std::int64_t amount : {-5'00, 4'99, 500'01}) {
    const auto cart = price({.lines = {}, .gift_card_amount_minor = amount, .currency = "EUR"});
    EXPECT_THAT(cart.error().messages("giftCardAmount"),
                ElementsAre("A gift card is worth 5.00 EUR to 500.00 EUR."))
        << amount;
  }
  EXPECT_TRUE(price({.lines = {}, .gift_card_amount_minor = 500'00, .currency = "EUR"}));
}

TEST_F(PriceCart, GiftCardBoundsInAnotherCurrency_AreTheEuroBoundsConvertedHalfUp) {
  // 5 EUR = 5.4125 -> 5.41 USD; 500 EUR = 541.25 USD; 5 EUR = 812 JPY
  EXPECT_FALSE(price({.lines = {}, .gift_card_amount_minor = 5'40, .currency = "USD"}));
  EXPECT_TRUE(price({.lines = {}, .gift_card_amount_minor = 5'41, .currency = "USD"}));
  EXPECT_TRUE(price({.lines = {}, .gift_card_amount_minor = 541'25, .currency = "USD"}));
  EXPECT_FALSE(price({.lines = {}, .gift_card_amount_minor = 541'26, .currency = "USD"}));
  EXPECT_FALSE(price({.lines = {}, .gift_card_amount_minor = 811, .currency = "JPY"}));
  EXPECT_TRUE(price({.lines = {}, .gift_card_amount_minor = 812, .currency = "JPY"}));
}

TEST_F(PriceCart, WithSeveralProblems_ReportsThemAll) {
  const auto cart = price({.lines = {{999, 1}, {sold.value, 41}, {sold.value, 41}},
                           .gift_card_amount_minor = 1,
                           .currency = "EUR"});
  ASSERT_FALSE(cart);
  EXPECT_EQ(cart.error().messages("cartItems").size(), 3U);
  EXPECT_TRUE(cart.error().has("giftCardAmount"));
}

// The amount a customer wrote, read as minor units; "" under the field is never set.
struct ReadAmount {
  std::int64_t minor = 0;
  std::vector<std::string> problems;
};
ReadAmount read(std::optional<std::string> text, std::string_view currency) {
  ValidationErrors errors;
  const auto minor = read_amount(text, currency, "depositAmount", errors);
  return {minor, errors.messages("depositAmount")};
}

TEST(AmountText, IsReadExactlyInTheCurrencysMinorUnits) {
  EXPECT_EQ(read("25", "EUR").minor, 25'00);
  EXPECT_EQ(read(" 25.50 ", "EUR").minor, 25'50);
  EXPECT_EQ(read("25.5", "eur").minor, 25'50);
  EXPECT_EQ(read("1500", "JPY").minor, 1500);
  EXPECT_THAT(read("25.50", "EUR").problems, ElementsAre());
}

TEST(AmountText, AbsentOrInAnUnknownCurrency_IsZeroWithoutAProblem) {
  EXPECT_EQ(read(std::nullopt, "EUR").minor, 0);
  EXPECT_THAT(read(std::nullopt, "EUR").problems, ElementsAre());
  EXPECT_EQ(read("abc", "XYZ").minor, 0);
  EXPECT_THAT(read("abc", "XYZ").problems, ElementsAre());
}

TEST(AmountText, ThatIsNotAPlainDecimal_IsRefusedWithAnExample) {
  for (const auto* text : {"", "abc", "1e+21", "true", "[25]", "25,50"}) {
    const auto amount = read(text, "EUR");
    EXPECT_EQ(amount.minor, 0) << text;
    EXPECT_THAT(amount.problems, ElementsAre("Must be an amount such as 25 or 25.50.")) << text;
  }
}

TEST(AmountText, WithMoreDecimalsThanTheCurrencyHasOrTooLarge_IsRefused) {
  EXPECT_THAT(read("25.555", "EUR").problems,
              ElementsAre("Amounts in EUR have at most 2 decimals."));
  EXPECT_THAT(read("1500.5", "JPY").problems, ElementsAre("Amounts in JPY have no decimals."));
  EXPECT_THAT(read("99999999999999999999", "EUR").problems,
              ElementsAre("This amount is too large."));
}

}  // namespace
}  // namespace artshop
