// POST/GET /api/orders and /api/orders/{id} against the real server on a seeded catalogue:
// pricing, every rejection of DESIGN.md section 6, paying from the balance, idempotency keys,
// and the races that matter (50 orders on funds for 10, two buyers for one exclusive).
#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <set>

#include "money_races.hpp"
#include "shop_api.hpp"

namespace artshop::testing {
namespace {

class OrdersApi : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { shop = new ShopServer(); }
  static void TearDownTestSuite() {
    delete shop;
    shop = nullptr;
  }

  static std::int64_t order_id(const HttpResponse& placed) {
    return parse_object(placed).at("order").at("id").as_int64();
  }

  static inline ShopServer* shop = nullptr;
};

TEST_F(OrdersApi, EveryCallWithoutAToken_Answers401WithBearer) {
  const std::vector<std::pair<std::string, std::string>> calls{{"POST", "/api/orders"},
                                                               {"GET", "/api/orders"},
                                                               {"GET", "/api/orders/1"},
                                                               {"POST", "/api/balance"},
                                                               {"POST", "/api/balance/deposit"},
                                                               {"GET", "/api/balance/deposits/1"},
                                                               {"POST", "/api/balance/gift-card"},
                                                               {"GET", "/api/artworks"},
                                                               {"GET", "/api/artworks/1/download"}};
  for (const auto& [method, path] : calls) {
    const auto response = request(method, shop->url(path), method == "POST" ? "{}" : "",
                                  {{"Content-Type", "application/json"}});
    EXPECT_EQ(response.status, 401) << method << " " << path;
    EXPECT_EQ(response.header("WWW-Authenticate"), "Bearer") << method << " " << path;
  }
}

TEST_F(OrdersApi, PlaceOrder_PricesTheCartItselfAndAnswersAPendingOrderWithAPaymentLink) {
  const auto ann = shop->sign_up();
  const auto sku = shop->cheapest_regular();
  const auto placed = shop->place_order(ann, {sku}, "12.50");
  ASSERT_EQ(placed.status, 200) << placed.body;
  const auto body = parse_object(placed);
  const auto& order = body.at("order").as_object();
  EXPECT_EQ(order.at("status").as_string(), "Pending");
  EXPECT_EQ(order.at("currency").as_string(), "EUR");
  EXPECT_EQ(order.at("total").at("minorUnits").as_int64(), sku.price_cents + 12'50);
  EXPECT_EQ(order.at("payByBalance").as_bool(), false);
  EXPECT_TRUE(order.at("settledAt").is_null());
  EXPECT_TRUE(std::string(order.at("reference").as_string()).starts_with("ord_"));
  const auto& line = order.at("lines").at(0).as_object();
  EXPECT_EQ(line.at("offerId").as_int64(), sku.offer_id);
  EXPECT_EQ(line.at("offerAttributeId").as_int64(), sku.attribute_id);
  EXPECT_EQ(line.at("sizeName").as_string(), sku.name);
  EXPECT_EQ(line.at("longEdge").as_int64(), sku.long_edge);
  EXPECT_EQ(line.at("price").at("amount").as_string(), decimal(sku.price_cents));
  const auto& card = order.at("giftCards").at(0).as_object();
  EXPECT_EQ(card.at("amount").at("amount").as_string(), "12.50");
  EXPECT_TRUE(card.at("number").is_null()) << "numbers exist once the order is paid";
  const auto link = std::string(body.at("paymentLink").as_string());
  EXPECT_TRUE(link.starts_with(shop->process().base_url() + "/payments/sandbox/checkout?session="))
      << link;
  EXPECT_TRUE(body.at("giftCardNumbers").as_array().empty());

  const auto id = order.at("id").as_int64();
  const auto one = shop->get("/api/orders/" + std::to_string(id), ann);
  ASSERT_EQ(one.status, 200) << one.body;
  EXPECT_EQ(parse_object(one), order);
  const auto all = shop->get("/api/orders", ann);
  ASSERT_EQ(all.status, 200);
  const auto list = parse_object(all);
  EXPECT_EQ(list.at("total").as_int64(), 1);
  ASSERT_EQ(list.at("items").as_array().size(), 1U);
  EXPECT_EQ(list.at("items").as_array()[0], order);
}

TEST_F(OrdersApi, PlaceOrder_ClientPricesAreIgnored) {
  const auto ann = shop->sign_up();
  const auto sku = shop->cheapest_regular();
  auto payload = order_payload({sku}, nullptr, false, "EUR");
  payload["cartItems"].as_array()[0].as_object()["price"] = 0.01;
  payload["total"] = 0.01;
  const auto placed = shop->post("/api/orders", payload, ann);
  ASSERT_EQ(placed.status, 200) << placed.body;
  EXPECT_EQ(parse_object(placed).at("order").at("total").at("minorUnits").as_int64(),
            sku.price_cents);
}

TEST_F(OrdersApi, PlaceOrder_ReadsTheGiftCardAmountExactlyAsANumberAStringOrAnInteger) {
  const std::vector<std::tuple<json::value, std::string, std::int64_t>> cases{
      {json::value(25.5), "EUR", 25'50},   {json::value("25.50"), "EUR", 25'50},
      {json::value(25), "EUR", 25'00},     {json::value(0.1 + 9.9), "EUR", 10'00},
      {json::value(19.99), "EUR", 19'99},  {json::value(1000), "JPY", 1000},
      {json::value(" 7.05 "), "USD", 7'05}};
  for (const auto& [amount, currency, minor] : cases) {
    // A customer per case: each order stays unpaid, and unpaid orders are limited.
    const auto placed = shop->place_order(shop->sign_up(), {}, amount, false, currency);
    ASSERT_EQ(placed.status, 200) << json::serialize(amount) << ": " << placed.body;
    EXPECT_EQ(parse_object(placed).at("order").at("total").at("minorUnits").as_int64(), minor)
        << json::serialize(amount) << " " << currency;
  }
}

TEST_F(OrdersApi, PlaceOrder_EachRejectionOfTheDesignIsA400OnItsField) {
  const auto ann = shop->sign_up();
  const auto sku = shop->cheapest_regular();
  const auto expect_field = [&](const json::object& payload, std::string_view field,
                                std::string_view what) {
    const auto response = shop->post("/api/orders", payload, ann);
    EXPECT_EQ(response.status, 400) << what << ": " << response.body;
    EXPECT_FALSE(field_errors(response, field).empty())
        << what << ": expected an error on '" << field << "': " << response.body;
    if (response.status == 400) {
      const auto body = parse_object(response);
      EXPECT_EQ(body.at("title").as_string(), "Validation failed");
      EXPECT_EQ(body.at("status").as_int64(), 400);
    }
  };
  expect_field(order_payload({}, nullptr, false, "EUR"), "", "empty order");
  expect_field(order_payload({{.offer_id = -1, .attribute_id = -1}}, nullptr, false, "EUR"), "",
               "only the gift card placeholder");
  auto unknown_offer = sku;
  unknown_offer.offer_id = 999'999;
  expect_field(order_payload({unknown_offer}, nullptr, false, "EUR"), "cartItems", "unknown offer");
  auto unknown_attribute = sku;
  unknown_attribute.attribute_id = 999'999;
  expect_field(order_payload({unknown_attribute}, nullptr, false, "EUR"), "cartItems",
               "unknown attribute");
  expect_field(order_payload({sku, sku}, nullptr, false, "EUR"), "cartItems", "duplicate line");
  for (const auto* field : {"firstName", "lastName", "country", "city", "address1", "zipCode"}) {
    auto payload = order_payload({sku}, nullptr, false, "EUR");
    payload[field] = "";
    expect_field(payload, field, field);
  }
  auto disagreed = order_payload({sku}, nullptr, false, "EUR");
  disagreed["agreedToPP_TOS"] = false;
  expect_field(disagreed, "agreedToPP_TOS", "terms not agreed");
  expect_field(order_payload({sku}, nullptr, false, "XXX"), "currency", "unsupported currency");
  expect_field(order_payload({}, "4.99", false, "EUR"), "giftCardAmount", "gift card too small");
  expect_field(order_payload({}, 500.01, false, "EUR"), "giftCardAmount", "gift card too large");
  expect_field(order_payload({}, "-10", false, "EUR"), "giftCardAmount", "negative gift card");
  expect_field(order_payload({}, "12.345", false, "EUR"), "giftCardAmount", "three decimals");
  expect_field(order_payload({}, 12.345, false, "EUR"), "giftCardAmount",
               "three decimals (number)");
  expect_field(order_payload({}, 1000.5, false, "JPY"), "giftCardAmount", "decimals in yen");
  expect_field(order_payload({}, "ten", false, "EUR"), "giftCardAmount", "not an amount");
  expect_field(order_payload({}, 1e300, false, "EUR"), "giftCardAmount", "absurd number");
  auto not_a_list = order_payload({sku}, nullptr, false, "EUR");
  not_a_list["cartItems"] = "3:12";
  expect_field(not_a_list, "cartItems", "cart items not a list");
  auto wrong_type = order_payload({sku}, nullptr, false, "EUR");
  wrong_type["payByBalance"] = "yes";
  expect_field(wrong_type, "payByBalance", "flag of the wrong type");

  EXPECT_EQ(json::parse(shop->get("/api/orders", ann).body).at("items").as_array().size(), 0U)
      << "no rejected order was stored";
}

TEST_F(OrdersApi, PlaceOrder_ByBalanceWithTooLittle_SaysInsufficientBalanceAndStoresNothing) {
  const auto ann = shop->sign_up();
  const auto sku = shop->cheapest_regular();
  shop->fund(ann, decimal(std::max<std::int64_t>(5'00, sku.price_cents - 1)));
  const auto response = shop->place_order(ann, {sku}, "500", true);
  ASSERT_EQ(response.status, 400) << response.body;
  EXPECT_EQ(field_errors(response, ""), std::vector<std::string>{"Insufficient balance."});
  EXPECT_EQ(json::parse(shop->get("/api/orders", ann).body).at("items").as_array().size(), 0U);
}

TEST_F(OrdersApi, PlaceOrder_ByBalance_IsPaidAtOnceFulfilledAndDebited) {
  const auto ann = shop->sign_up();
  const auto sku = shop->cheapest_regular();
  shop->fund(ann, "100.00");
  const auto placed = shop->place_order(ann, {sku}, "20", true);
  ASSERT_EQ(placed.status, 200) << placed.body;
  const auto body = parse_object(placed);
  EXPECT_TRUE(body.at("paymentLink").is_null());
  EXPECT_EQ(body.at("order").at("status").as_string(), "Paid");
  EXPECT_FALSE(body.at("order").at("settledAt").is_null());
  ASSERT_EQ(body.at("giftCardNumbers").as_array().size(), 1U);
  const auto number = std::string(body.at("giftCardNumbers").at(0).as_string());
  EXPECT_EQ(body.at("order").at("giftCards").at(0).at("number").as_string(), number);
  EXPECT_EQ(shop->balance(ann), 100'00 - sku.price_cents - 20'00);

  const auto artworks = shop->get("/api/artworks", ann);
  ASSERT_EQ(artworks.status, 200);
  const auto list = json::parse(artworks.body).as_array();
  ASSERT_EQ(list.size(), 1U);
  EXPECT_EQ(list[0].at("offerId").as_int64(), sku.offer_id);
  EXPECT_EQ(list[0].at("orderId").as_int64(), order_id(placed));
  EXPECT_EQ(list[0].at("urlName").as_string(), sku.url_name);
  EXPECT_EQ(list[0].at("longEdge").as_int64(), sku.long_edge);
  EXPECT_EQ(std::max(list[0].at("width").as_int64(), list[0].at("height").as_int64()),
            sku.long_edge);
  EXPECT_TRUE(std::string(list[0].at("thumbnail").at("webp").as_string()).starts_with("/media/"));
  EXPECT_EQ(list[0].at("downloadUrl").as_string(),
            "/api/artworks/" + std::to_string(list[0].at("id").as_int64()) + "/download");

  EXPECT_NE(shop->mail_to(ann.email, number), "") << "the gift card number is mailed";
}

TEST_F(OrdersApi, AnotherUsersOrderOrAnUnknownOne_Is404) {
  const auto ann = shop->sign_up();
  const auto bob = shop->sign_up();
  const auto placed = shop->place_order(ann, {shop->cheapest_regular()});
  ASSERT_EQ(placed.status, 200) << placed.body;
  const auto path = "/api/orders/" + std::to_string(order_id(placed));
  EXPECT_EQ(shop->get(path, bob).status, 404);
  EXPECT_EQ(shop->get("/api/orders/999999", ann).status, 404);
  EXPECT_EQ(shop->get("/api/orders/abc", ann).status, 404);
  EXPECT_EQ(shop->get("/api/orders/-1", ann).status, 404);
  EXPECT_EQ(shop->get(path, ann).status, 200);
}

TEST_F(OrdersApi, ASoldOutExclusive_IsRejected) {
  // Each of the two exclusive tests takes its own from the still active ones: this one the
  // first, the race the last.
  const auto exclusives = shop->exclusives();
  ASSERT_GE(exclusives.size(), 1U);
  const auto& tower = exclusives.front();
  const auto ann = shop->sign_up();
  const auto bob = shop->sign_up();
  shop->fund_cents(ann, tower.price_cents);
  const auto bought = shop->place_order(ann, {tower}, nullptr, true);
  ASSERT_EQ(bought.status, 200) << bought.body;
  EXPECT_EQ(parse_object(bought).at("order").at("lines").at(0).at("licence").as_string(),
            "ExclusiveCommercial");
  const auto late = shop->place_order(bob, {tower});
  ASSERT_EQ(late.status, 400) << late.body;
  EXPECT_FALSE(field_errors(late, "cartItems").empty()) << late.body;
  // The buyer keeps it.
  EXPECT_EQ(json::parse(shop->get("/api/artworks", ann).body).as_array().size(), 1U);
}

TEST_F(OrdersApi, TwoBuyersRacingForOneExclusive_OneIsPaidTheOtherRejected) {
  const auto exclusives = shop->exclusives();
  ASSERT_GE(exclusives.size(), 1U);
  races::two_buyers_for_one_exclusive(*shop, exclusives.back());
}

TEST_F(OrdersApi, FiftyBalanceOrdersInParallelOnFundsForTen_ExactlyTenSucceed) {
  races::fifty_balance_orders_on_funds_for_ten(*shop);
}

// --- Idempotency-Key -------------------------------------------------------------------------

TEST_F(OrdersApi, TheSameIdempotencyKeyTwentyTimesInParallel_PlacesOneOrderAndAnswersAlike) {
  const auto ann = shop->sign_up();
  const auto sku = shop->cheapest_regular();
  const auto first = races::one_idempotency_key_twenty_times(*shop, ann, sku);

  // Later, every repetition replays the first answer.
  const auto again =
      shop->place_order(ann, {sku}, "10", false, "EUR", {{"Idempotency-Key", "checkout-1"}});
  EXPECT_EQ(again.status, 200);
  EXPECT_EQ(again.body, first);
  EXPECT_EQ(again.header("Idempotent-Replayed"), "true");
}

TEST_F(OrdersApi, TheSameIdempotencyKeyWithAnotherBody_Answers409) {
  const auto ann = shop->sign_up();
  const auto sku = shop->cheapest_regular();
  const auto first =
      shop->place_order(ann, {sku}, nullptr, false, "EUR", {{"Idempotency-Key", "k-409"}});
  ASSERT_EQ(first.status, 200) << first.body;
  const auto other =
      shop->place_order(ann, {sku}, "15", false, "EUR", {{"Idempotency-Key", "k-409"}});
  EXPECT_EQ(other.status, 409) << other.body;
  const auto body = parse_object(other);
  EXPECT_EQ(body.at("status").as_int64(), 409);
  EXPECT_FALSE(field_errors(other, "").empty()) << other.body;
  EXPECT_EQ(json::parse(shop->get("/api/orders", ann).body).at("items").as_array().size(), 1U);
}

TEST_F(OrdersApi, IdempotencyKeys_BelongToOneUserAndReplayRejectionsToo) {
  const auto ann = shop->sign_up();
  const auto bob = shop->sign_up();
  const auto sku = shop->cheapest_regular();
  const auto anns =
      shop->place_order(ann, {sku}, nullptr, false, "EUR", {{"Idempotency-Key", "same"}});
  const auto bobs =
      shop->place_order(bob, {sku}, nullptr, false, "EUR", {{"Idempotency-Key", "same"}});
  ASSERT_EQ(anns.status, 200);
  ASSERT_EQ(bobs.status, 200);
  EXPECT_NE(order_id(anns), order_id(bobs));
  EXPECT_FALSE(bobs.has_header("Idempotent-Replayed"));

  const auto refused =
      shop->place_order(ann, {sku}, nullptr, true, "EUR", {{"Idempotency-Key", "short"}});
  ASSERT_EQ(refused.status, 400);
  const auto replay =
      shop->place_order(ann, {sku}, nullptr, true, "EUR", {{"Idempotency-Key", "short"}});
  EXPECT_EQ(replay.status, 400);
  EXPECT_EQ(replay.body, refused.body);
  EXPECT_EQ(replay.header("Idempotent-Replayed"), "true");
}

// The key keeps which order the first request made, not its answer: a retry after the order was
// paid gets that same order as it is now, and no second one.
TEST_F(OrdersApi, AReplayAfterTheOrderWasPaid_AnswersTheSameOrderAsItIsNow) {
  const auto ann = shop->sign_up();
  const auto sku = shop->cheapest_regular();
  const auto first =
      shop->place_order(ann, {sku}, nullptr, false, "EUR", {{"Idempotency-Key", "pay-later"}});
  ASSERT_EQ(first.status, 200) << first.body;
  const auto placed = parse_object(first);
  const auto& order = placed.at("order").as_object();
  ASSERT_EQ(order.at("status").as_string(), "Pending");
  ASSERT_EQ(shop->deliver_paid_event("evt_replay_after_paid", order.at("reference").as_string(),
                                     order.at("total").at("minorUnits").as_int64(), "eur")
                .status,
            200);
  ASSERT_EQ(shop->await_settled_order(ann, order_id(first)).at("status").as_string(), "Paid");

  const auto replay =
      shop->place_order(ann, {sku}, nullptr, false, "EUR", {{"Idempotency-Key", "pay-later"}});
  EXPECT_EQ(replay.status, 200) << replay.body;
  EXPECT_EQ(replay.header("Idempotent-Replayed"), "true");
  const auto replayed = parse_object(replay);
  EXPECT_EQ(replayed.at("order").at("id"), order.at("id"));
  EXPECT_EQ(replayed.at("order").at("status").as_string(), "Paid");
  EXPECT_EQ(replayed.at("paymentLink"), placed.at("paymentLink"));
  EXPECT_EQ(json::parse(shop->get("/api/orders", ann).body).at("items").as_array().size(), 1U);
}

TEST_F(OrdersApi, AnIdempotencyKeyLongerThan255Characters_Answers400) {
  const auto ann = shop->sign_up();
  const auto response = shop->place_order(ann, {shop->cheapest_regular()}, nullptr, false, "EUR",
                                          {{"Idempotency-Key", std::string(256, 'k')}});
  ASSERT_EQ(response.status, 400) << response.body;
  EXPECT_FALSE(field_errors(response, "Idempotency-Key").empty()) << response.body;
  EXPECT_EQ(shop->place_order(ann, {shop->cheapest_regular()}, nullptr, false, "EUR",
                              {{"Idempotency-Key", std::string(255, 'k')}})
                .status,
            200);
}

TEST_F(OrdersApi, PlaceOrder_PastEachLimitOfWhatIsStored_Answers400OnItsField) {
  const auto ann = shop->sign_up();
  const auto sku = shop->cheapest_regular();
  const auto expect_message = [&](const json::object& payload, std::string_view field,
                                  std::string_view message) {
    const auto response = shop->post("/api/orders", payload, ann);
    EXPECT_EQ(response.status, 400) << field << ": " << response.body;
    EXPECT_EQ(field_errors(response, field), std::vector<std::string>{std::string(message)})
        << response.body;
  };
  expect_message(order_payload(std::vector<Sku>(51, sku), nullptr, false, "EUR"), "cartItems",
                 "An order holds at most 50 pictures.");
  const std::vector<std::tuple<std::string, json::value, std::string>> browser{
      {"userAgent", json::value(std::string(513, 'u')), "Must be at most 512 characters."},
      {"acceptLanguage", json::value(std::string(129, 'a')), "Must be at most 128 characters."},
      {"timeZoneOffset", json::value(-841), "Must be between -840 and 720 minutes."},
      {"timeZoneOffset", json::value(1'000'000'000'000), "Must be between -840 and 720 minutes."},
      {"screenWidth", json::value(-1), "Must be between 0 and 65535 pixels."},
      {"screenHeight", json::value(65'536), "Must be between 0 and 65535 pixels."}};
  for (const auto& [field, value, message] : browser) {
    auto payload = order_payload({sku}, nullptr, false, "EUR");
    payload[field] = value;
    expect_message(payload, field, message);
  }
  auto names = order_payload({sku}, nullptr, false, "EUR");
  names["firstName"] = std::string(101, 'n');
  expect_message(names, "firstName", "First name must be at most 100 characters.");
  EXPECT_EQ(json::parse(shop->get("/api/orders", ann).body).at("total").as_int64(), 0);

  // What the browser sends on its own is left out when too long, not refused.
  auto from_headers = order_payload({sku}, nullptr, false, "EUR");
  from_headers.erase("userAgent");
  const auto placed =
      shop->post("/api/orders", from_headers, ann, {{"User-Agent", std::string(600, 'u')}});
  EXPECT_EQ(placed.status, 200) << placed.body;
}

TEST_F(OrdersApi, PlaceOrder_ASixthUnpaidOrder_IsRefusedButPayingByBalanceIsNot) {
  const auto ann = shop->sign_up();
  const auto sku = shop->cheapest_regular();
  for (int i = 0; i < 5; ++i) ASSERT_EQ(shop->place_order(ann, {sku}).status, 200);

  const auto sixth = shop->place_order(ann, {sku});
  EXPECT_EQ(sixth.status, 400) << sixth.body;
  ASSERT_EQ(field_errors(sixth, "").size(), 1U) << sixth.body;
  EXPECT_TRUE(field_errors(sixth, "")[0].starts_with("You have 5 unpaid orders.")) << sixth.body;

  shop->fund_cents(ann, std::max<std::int64_t>(sku.price_cents, 5'00));
  EXPECT_EQ(shop->place_order(ann, {sku}, nullptr, true).status, 200);
}

TEST_F(OrdersApi, ListOrders_AnswersPagesNewestFirstWithTheTotal) {
  const auto ann = shop->sign_up();
  const auto sku = shop->cheapest_regular();
  std::vector<std::int64_t> placed;
  for (int i = 0; i < 3; ++i) placed.push_back(order_id(shop->place_order(ann, {sku})));

  const auto first = parse_object(shop->get("/api/orders?PageSize=2", ann));
  EXPECT_EQ(first.at("total").as_int64(), 3);
  EXPECT_EQ(first.at("page").as_int64(), 1);
  EXPECT_EQ(first.at("pageSize").as_int64(), 2);
  ASSERT_EQ(first.at("items").as_array().size(), 2U);
  EXPECT_EQ(first.at("items").at(0).at("id").as_int64(), placed[2]);
  EXPECT_EQ(first.at("items").at(1).at("id").as_int64(), placed[1]);
  const auto second = parse_object(shop->get("/api/orders?page=2&pagesize=2", ann));
  ASSERT_EQ(second.at("items").as_array().size(), 1U);
  EXPECT_EQ(second.at("items").at(0).at("id").as_int64(), placed[0]);
  EXPECT_EQ(parse_object(shop->get("/api/orders", ann)).at("pageSize").as_int64(), 20);

  const auto too_big = shop->get("/api/orders?PageSize=101", ann);
  EXPECT_EQ(too_big.status, 400);
  EXPECT_EQ(field_errors(too_big, "PageSize"),
            std::vector<std::string>{"PageSize must be a whole number from 1 to 100."});
  EXPECT_EQ(shop->get("/api/orders?Page=0", ann).status, 400);
}

}  // namespace
}  // namespace artshop::testing
