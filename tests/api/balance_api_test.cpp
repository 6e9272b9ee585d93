// POST /api/balance, /api/balance/deposit, GET /api/balance/deposits/{id} and
// POST /api/balance/gift-card against the real server.
#include <gtest/gtest.h>

#include <atomic>

#include "money_races.hpp"
#include "shop_api.hpp"

namespace artshop::testing {
namespace {

class BalanceApi : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    shop = new ShopServer(true, {{"ARTSHOP_RATE_USD", "1.0825"},
                                 {"ARTSHOP_LIMIT_GIFT_CARD_FAILURES_PER_USER", "3/1h"}});
  }
  static void TearDownTestSuite() {
    delete shop;
    shop = nullptr;
  }

  // A gift card of `amount` EUR bought (and paid from the balance) by a fresh customer.
  static std::string bought_gift_card(std::string_view amount) {
    return races::bought_gift_card(*shop, amount);
  }

  static HttpResponse redeem(const Customer& customer, std::string_view number,
                             RequestHeaders extra = {}) {
    return shop->post("/api/balance/gift-card", json::object{{"giftCardNumber", number}}, customer,
                      std::move(extra));
  }

  static inline ShopServer* shop = nullptr;
};

TEST_F(BalanceApi, Balance_IsZeroForANewCustomerAndConvertedRoundedDown) {
  const auto ann = shop->sign_up();
  const auto zero = shop->post("/api/balance", json::object{{"currency", "EUR"}}, ann);
  ASSERT_EQ(zero.status, 200) << zero.body;
  EXPECT_EQ(parse_object(zero).at("balance"),
            json::parse(R"({"amount":"0.00","currency":"EUR","minorUnits":0})"));
  shop->fund(ann, "10.01");
  // 10.01 EUR at 1.0825 is 10.835825 USD: the balance never shows more than it holds.
  const auto usd = shop->post("/api/balance", json::object{{"Currency", "usd"}}, ann);
  ASSERT_EQ(usd.status, 200) << usd.body;
  EXPECT_EQ(parse_object(usd).at("balance"),
            json::parse(R"({"amount":"10.83","currency":"USD","minorUnits":1083})"));
  EXPECT_EQ(shop->balance(ann, "EUR"), 10'01);
}

TEST_F(BalanceApi, Balance_InAnUnsupportedCurrency_Is400) {
  const auto ann = shop->sign_up();
  const auto response = shop->post("/api/balance", json::object{{"currency", "XXX"}}, ann);
  EXPECT_EQ(response.status, 400) << response.body;
  EXPECT_FALSE(field_errors(response, "currency").empty());
}

TEST_F(BalanceApi, Deposit_IsPendingWithAPaymentLinkAndReadableByItsOwnerOnly) {
  const auto ann = shop->sign_up();
  const auto bob = shop->sign_up();
  const auto started = shop->post("/api/balance/deposit", deposit_payload(42.5), ann);
  ASSERT_EQ(started.status, 200) << started.body;
  const auto body = parse_object(started);
  const auto& deposit = body.at("deposit").as_object();
  EXPECT_EQ(deposit.at("status").as_string(), "Pending");
  EXPECT_EQ(deposit.at("amount").at("minorUnits").as_int64(), 42'50);
  EXPECT_TRUE(deposit.at("settledAt").is_null());
  EXPECT_TRUE(std::string(deposit.at("reference").as_string()).starts_with("dep_"));
  EXPECT_TRUE(std::string(body.at("paymentLink").as_string())
                  .starts_with(shop->process().base_url() + "/payments/sandbox/checkout?"));

  const auto path = "/api/balance/deposits/" + std::to_string(deposit.at("id").as_int64());
  const auto mine = shop->get(path, ann);
  ASSERT_EQ(mine.status, 200) << mine.body;
  EXPECT_EQ(parse_object(mine), deposit);
  EXPECT_EQ(shop->get(path, bob).status, 404);
  EXPECT_EQ(shop->get("/api/balance/deposits/999999", ann).status, 404);
  EXPECT_EQ(shop->balance(ann), 0) << "nothing is credited before the provider says so";
}

TEST_F(BalanceApi, Deposit_PaidByTheProvider_CreditsTheBalanceAndSettlesTheDeposit) {
  const auto ann = shop->sign_up();
  const auto deposit = shop->fund(ann, "25.00");
  EXPECT_EQ(shop->balance(ann), 25'00);
  const auto settled =
      shop->get("/api/balance/deposits/" + std::to_string(deposit.at("id").as_int64()), ann);
  EXPECT_EQ(parse_object(settled).at("status").as_string(), "Paid");
  EXPECT_FALSE(parse_object(settled).at("settledAt").is_null());
}

TEST_F(BalanceApi, Deposit_EachRejectionIsA400OnItsField) {
  const auto ann = shop->sign_up();
  const auto expect_field = [&](const json::object& payload, std::string_view field,
                                std::string_view what) {
    const auto response = shop->post("/api/balance/deposit", payload, ann);
    EXPECT_EQ(response.status, 400) << what << ": " << response.body;
    EXPECT_FALSE(field_errors(response, field).empty())
        << what << ": expected an error on '" << field << "': " << response.body;
  };
  expect_field(deposit_payload("4.99"), "depositAmount", "below 5 EUR");
  expect_field(deposit_payload(1000.01), "depositAmount", "above 1000 EUR");
  expect_field(deposit_payload(nullptr), "depositAmount", "no amount");
  expect_field(deposit_payload("5.001"), "depositAmount", "three decimals");
  expect_field(deposit_payload("5", "USD"), "depositAmount", "below the USD equivalent of 5 EUR");
  expect_field(deposit_payload("10", "XXX"), "currency", "unsupported currency");
  for (const auto* field : {"firstName", "lastName", "country", "city", "address1", "zipCode"}) {
    auto payload = deposit_payload("10");
    payload[field] = "";
    expect_field(payload, field, field);
  }
  auto disagreed = deposit_payload("10");
  disagreed["agreedToPP_TOS"] = false;
  expect_field(disagreed, "agreedToPP_TOS", "terms not agreed");
  const auto bad_json =
      request("POST", shop->url("/api/balance/deposit"), "{not json",
              {{"Content-Type", "application/json"}, {"Authorization", "Bearer " + ann.token}});
  EXPECT_EQ(bad_json.status, 400);
}

TEST_F(BalanceApi, Deposit_WithAnIdempotencyKey_StartsOnce) {
  const auto ann = shop->sign_up();
  const auto first = shop->post("/api/balance/deposit", deposit_payload("30"), ann,
                                {{"Idempotency-Key", "deposit-1"}});
  const auto second = shop->post("/api/balance/deposit", deposit_payload("30"), ann,
                                 {{"Idempotency-Key", "deposit-1"}});
  ASSERT_EQ(first.status, 200) << first.body;
  EXPECT_EQ(second.status, 200);
  EXPECT_EQ(second.body, first.body);
  EXPECT_EQ(second.header("Idempotent-Replayed"), "true");
  const auto other = shop->post("/api/balance/deposit", deposit_payload("31"), ann,
                                {{"Idempotency-Key", "deposit-1"}});
  EXPECT_EQ(other.status, 409) << other.body;
}

TEST_F(BalanceApi, GiftCard_CreditsItsValueOnceAndAnswersTheNewBalance) {
  const auto number = bought_gift_card("25.00");
  const auto ann = shop->sign_up();
  shop->fund(ann, "5.00");
  const auto redeemed = redeem(ann, number);
  ASSERT_EQ(redeemed.status, 200) << redeemed.body;
  EXPECT_EQ(parse_object(redeemed).at("credited"),
            json::parse(R"({"amount":"25.00","currency":"EUR","minorUnits":2500})"));
  EXPECT_EQ(parse_object(redeemed).at("balance").at("minorUnits").as_int64(), 30'00);
  EXPECT_EQ(shop->balance(ann), 30'00);

  const auto again = redeem(ann, number);
  ASSERT_EQ(again.status, 400);
  EXPECT_EQ(field_errors(again, "giftCardNumber"),
            std::vector<std::string>{"This gift card has already been used."});
}

TEST_F(BalanceApi, GiftCard_TypedLooselyStillMatches) {
  auto number = bought_gift_card("10.00");
  const auto ann = shop->sign_up();
  // Lower case, spaces instead of hyphens.
  for (auto& c : number) c = c == '-' ? ' ' : static_cast<char>(std::tolower(c));
  const auto redeemed = redeem(ann, number);
  EXPECT_EQ(redeemed.status, 200) << redeemed.body;
}

TEST_F(BalanceApi, GiftCard_TwentyParallelRedemptionsOfOneNumber_ExactlyOneSucceeds) {
  races::twenty_redemptions_of_one_gift_card(*shop);
}

TEST_F(BalanceApi, GiftCard_WrongNumbers_Answer400ThenTooManyRequests) {
  const auto ann = shop->sign_up();
  for (int i = 0; i < 3; ++i) {
    const auto wrong = redeem(ann, "AAAA-BBBB-CCCC-DDDD");
    ASSERT_EQ(wrong.status, 400) << wrong.body;
    EXPECT_EQ(field_errors(wrong, "giftCardNumber"),
              std::vector<std::string>{"This gift card number is not valid."});
  }
  const auto limited = redeem(ann, "AAAA-BBBB-CCCC-DDDD");
  EXPECT_EQ(limited.status, 429) << limited.body;
  EXPECT_FALSE(limited.header("Retry-After").empty());
}

TEST_F(BalanceApi, GiftCard_TooManyRequestsIsNotKeptForTheIdempotencyKey) {
  const auto ann = shop->sign_up();
  for (int i = 0; i < 3; ++i) EXPECT_EQ(redeem(ann, "not a number").status, 400);
  const auto limited = redeem(ann, "AAAA-BBBB-CCCC-DDDD", {{"Idempotency-Key", "r-1"}});
  ASSERT_EQ(limited.status, 429);
  const auto again = redeem(ann, "AAAA-BBBB-CCCC-DDDD", {{"Idempotency-Key", "r-1"}});
  EXPECT_EQ(again.status, 429);
  EXPECT_FALSE(again.has_header("Idempotent-Replayed")) << "a 429 is answered anew, not replayed";
}

TEST_F(BalanceApi, Deposit_ASixthUnpaidDeposit_IsRefusedWithAGeneralMessage) {
  const auto ann = shop->sign_up();
  for (int i = 0; i < 5; ++i) {
    ASSERT_EQ(shop->post("/api/balance/deposit", deposit_payload("10"), ann).status, 200);
  }
  const auto sixth = shop->post("/api/balance/deposit", deposit_payload("10"), ann);
  EXPECT_EQ(sixth.status, 400) << sixth.body;
  ASSERT_EQ(field_errors(sixth, "").size(), 1U) << sixth.body;
  EXPECT_TRUE(field_errors(sixth, "")[0].starts_with("You have 5 unpaid deposits.")) << sixth.body;
  EXPECT_EQ(shop->post("/api/balance/deposit", deposit_payload("10"), shop->sign_up()).status, 200)
      << "another customer is not limited";
}

TEST(BalanceLimits, TheUnpaidDepositLimitComesFromTheConfiguration) {
  ShopServer shop(/*seeded=*/false, {{"ARTSHOP_ORDERS_MAX_PENDING_DEPOSITS", "1"}});
  const auto ann = shop.sign_up();
  ASSERT_EQ(shop.post("/api/balance/deposit", deposit_payload("10"), ann).status, 200);
  const auto second = shop.post("/api/balance/deposit", deposit_payload("10"), ann);
  EXPECT_EQ(second.status, 400) << second.body;
  ASSERT_EQ(field_errors(second, "").size(), 1U) << second.body;
  EXPECT_TRUE(field_errors(second, "")[0].starts_with("You have 1 unpaid deposit. "))
      << second.body;
}

}  // namespace
}  // namespace artshop::testing
