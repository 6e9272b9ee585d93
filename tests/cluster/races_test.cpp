// The money races of the API tests, through nginx across three servers on one PostgreSQL
// database: what one SQLite writer guaranteed on one server holds when three processes write
// at once, with the same answers to the customers.
#include <gtest/gtest.h>

#include <atomic>
#include <mutex>

#include "cluster/cluster_fixture.hpp"

namespace artshop::testing {
namespace {

class ClusterRaces : public ClusterTest {
 protected:
  // A gift card of `amount` EUR bought (and paid from the balance) by a fresh customer.
  std::string bought_gift_card(std::string_view amount) {
    const auto buyer = shop.sign_up();
    shop.fund(buyer, amount);
    const auto placed = shop.place_order(buyer, {}, json::string(amount), true);
    EXPECT_EQ(placed.status, 200) << placed.body;
    return std::string(parse_object(placed).at("giftCardNumbers").at(0).as_string());
  }

  void expect_the_ledger_balances() {
    const auto ledger = shop.ledger_totals();
    EXPECT_GT(ledger.entries, 0);
    EXPECT_EQ(ledger.debits, ledger.credits) << "double entry holds over the whole ledger";
    EXPECT_GE(ledger.lowest_customer_running_balance, 0) << "no balance was ever negative";
  }
};

TEST_F(ClusterRaces, FiftyBalanceOrdersOnFundsForTen_ExactlyTenSucceedWhicheverServerTakesThem) {
  const auto ann = shop.sign_up();
  const auto sku = shop.cheapest_regular();
  shop.fund_cents(ann, sku.price_cents * 10);
  std::vector<std::size_t> logged_before;
  for (std::size_t i = 0; i < ShopCluster::kServers; ++i) {
    logged_before.push_back(cluster.server(i).log_text().size());
  }
  std::atomic<int> paid{0};
  std::atomic<int> insufficient{0};
  std::mutex unexpected_mutex;
  std::vector<std::string> unexpected;
  in_parallel(50, [&](int) {
    const auto response = shop.place_order(ann, {sku}, nullptr, true);
    if (response.status == 200) {
      ++paid;
    } else if (response.status == 400 &&
               field_errors(response, "") == std::vector<std::string>{"Insufficient balance."}) {
      ++insufficient;
    } else {
      const std::lock_guard lock(unexpected_mutex);
      unexpected.push_back(std::to_string(response.status) + " " + response.body);
    }
  });
  EXPECT_TRUE(unexpected.empty()) << unexpected.front();
  EXPECT_EQ(paid.load(), 10);
  EXPECT_EQ(insufficient.load(), 40);
  EXPECT_EQ(shop.balance(ann), 0);
  EXPECT_EQ(json::parse(shop.get("/api/orders", ann).body).at("items").as_array().size(), 10U);
  EXPECT_EQ(json::parse(shop.get("/api/artworks", ann).body).as_array().size(), 10U);
  expect_the_ledger_balances();
  for (std::size_t i = 0; i < ShopCluster::kServers; ++i) {
    EXPECT_NE(cluster.server(i).log_text().find("POST /api/orders", logged_before[i]),
              std::string::npos)
        << "nginx gave server " << i << " some of the orders";
  }
}

TEST_F(ClusterRaces, TwentyRedemptionsOfOneGiftCard_ExactlyOneSucceeds) {
  const auto number = bought_gift_card("50.00");
  std::vector<Customer> redeemers;
  for (int i = 0; i < 4; ++i) redeemers.push_back(shop.sign_up());
  std::atomic<int> credited{0};
  std::atomic<int> used{0};
  in_parallel(20, [&](int i) {
    const auto& redeemer = redeemers[static_cast<std::size_t>(i % 4)];
    const auto response =
        shop.post("/api/balance/gift-card", json::object{{"giftCardNumber", number}}, redeemer);
    if (response.status == 200) {
      ++credited;
    } else if (response.status == 400 &&
               field_errors(response, "giftCardNumber") ==
                   std::vector<std::string>{"This gift card has already been used."}) {
      ++used;
    } else {
      ADD_FAILURE() << response.status << " " << response.body;
    }
  });
  EXPECT_EQ(credited.load(), 1);
  EXPECT_EQ(used.load(), 19);
  std::int64_t total = 0;
  for (const auto& redeemer : redeemers) total += shop.balance(redeemer);
  EXPECT_EQ(total, 50'00) << "credited once";
  expect_the_ledger_balances();
}

TEST_F(ClusterRaces, TwoBuyersForOneExclusive_OneIsPaidTheOtherRejectedAndKeepsTheMoney) {
  const auto exclusives = shop.exclusives();
  ASSERT_EQ(exclusives.size(), 1U);
  const auto& prize = exclusives.front();
  std::vector<Customer> buyers{shop.sign_up(), shop.sign_up()};
  for (const auto& buyer : buyers) shop.fund_cents(buyer, prize.price_cents);
  std::vector<HttpResponse> answers(buyers.size());
  in_parallel(static_cast<int>(buyers.size()), [&](int i) {
    const auto at = static_cast<std::size_t>(i);
    answers[at] = shop.place_order(buyers[at], {prize}, nullptr, true);
  });
  int paid = 0;
  int rejected = 0;
  for (std::size_t i = 0; i < answers.size(); ++i) {
    if (answers[i].status == 200) {
      ++paid;
      EXPECT_EQ(parse_object(answers[i]).at("order").at("status").as_string(), "Paid");
      EXPECT_EQ(shop.balance(buyers[i]), 0);
    } else {
      ++rejected;
      EXPECT_EQ(answers[i].status, 400) << answers[i].body;
      EXPECT_FALSE(field_errors(answers[i], "cartItems").empty()) << answers[i].body;
      EXPECT_EQ(shop.balance(buyers[i]), prize.price_cents) << "the loser keeps their money";
    }
  }
  EXPECT_EQ(paid, 1);
  EXPECT_EQ(rejected, 1);
  // Sold is sold on every server: the catalogue no longer offers it through any of them.
  for (std::size_t i = 0; i < ShopCluster::kServers; ++i) {
    EXPECT_TRUE(eventually([&] {
      const auto offers = get(cluster.server(i).url("/api/offers?Currency=EUR&PageSize=96"));
      return offers.status == 200 && offers.body.find(prize.url_name) == std::string::npos;
    })) << "server "
        << i << " still offers the sold exclusive";
  }
}

TEST_F(ClusterRaces, AWebhookDeliveredTenTimesToThreeServers_CreditsOnce) {
  const auto ann = shop.sign_up();
  const auto started = shop.post("/api/balance/deposit", deposit_payload("60"), ann);
  ASSERT_EQ(started.status, 200) << started.body;
  const auto reference =
      std::string(parse_object(started).at("deposit").at("reference").as_string());
  std::atomic<int> ok{0};
  in_parallel(10, [&](int) {
    const auto answer = shop.deliver_paid_event("evt_once_" + reference, reference, 60'00, "eur");
    if (answer.status == 200) ++ok;
  });
  EXPECT_EQ(ok.load(), 10) << "re-deliveries are acknowledged";
  EXPECT_EQ(shop.balance(ann), 60'00);
  EXPECT_EQ(
      shop.count("SELECT count(*) FROM ledger_entries WHERE posting = 'deposit:" + reference + "'"),
      2);
  expect_the_ledger_balances();
}

TEST_F(ClusterRaces, OneIdempotencyKeyTwentyTimes_PlacesOneOrderAndAnswersAlike) {
  const auto ann = shop.sign_up();
  const auto sku = shop.cheapest_regular();
  std::vector<HttpResponse> answers(20);
  in_parallel(20, [&](int i) {
    answers[static_cast<std::size_t>(i)] =
        shop.place_order(ann, {sku}, "10", false, "EUR", {{"Idempotency-Key", "checkout-1"}});
  });
  // One request ran; each other one replayed its answer, or was told to come back (409 with
  // Retry-After) while the first was still running on whichever server took it.
  std::vector<const HttpResponse*> placed;
  for (const auto& answer : answers) {
    if (answer.status == 409) {
      EXPECT_EQ(answer.header("Retry-After"), "1");
      EXPECT_EQ(field_errors(answer, ""),
                std::vector<std::string>{"A request with this Idempotency-Key is still being "
                                         "processed. Try again shortly."});
      continue;
    }
    EXPECT_EQ(answer.status, 200) << answer.body;
    placed.push_back(&answer);
  }
  ASSERT_FALSE(placed.empty());
  int replayed = 0;
  for (const auto* answer : placed) {
    EXPECT_EQ(answer->body, placed.front()->body);
    if (answer->header("Idempotent-Replayed") == "true") ++replayed;
  }
  EXPECT_EQ(replayed, static_cast<int>(placed.size()) - 1) << "exactly one request ran";
  EXPECT_EQ(json::parse(shop.get("/api/orders", ann).body).at("items").as_array().size(), 1U);

  // Later, every repetition replays the first answer, whichever server it reaches.
  for (std::size_t i = 0; i < ShopCluster::kServers; ++i) {
    const auto again =
        shop.place_order(ann, {sku}, "10", false, "EUR", {{"Idempotency-Key", "checkout-1"}});
    EXPECT_EQ(again.status, 200);
    EXPECT_EQ(again.body, placed.front()->body);
    EXPECT_EQ(again.header("Idempotent-Replayed"), "true");
  }
}

}  // namespace
}  // namespace artshop::testing
