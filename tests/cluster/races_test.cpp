// The money races of the API tests, through nginx across three servers on one PostgreSQL
// database: what one SQLite writer guaranteed on one server holds when three processes write
// at once, with the same answers to the customers.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <boost/json.hpp>
#include <cstdint>
#include <latch>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "cluster/cluster_fixture.hpp"
#include "cluster/cluster_staff.hpp"
#include "money_races.hpp"
#include "support/eventually.hpp"

namespace artshop::testing {
namespace {

using ClusterRaces = ClusterTest;
namespace json = boost::json;

// Runs `work(0)` and `work(1)` on two threads released at once.
template <typename Work>
void at_once(Work work) {
  std::latch start(2);
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < 2; ++i) {
    threads.emplace_back([&, i] {
      start.arrive_and_wait();
      work(i);
    });
  }
  for (auto& thread : threads) thread.join();
}

// A paid order of `buyer`'s of the cheapest picture: from the balance, or by card through the
// sandbox's webhook. Its id and payment reference.
std::pair<std::int64_t, std::string> paid_order(ShopClient& shop, const Customer& buyer,
                                                bool by_balance) {
  const auto sku = shop.cheapest_regular();
  if (by_balance) shop.fund_cents(buyer, sku.price_cents);
  const auto placed = shop.place_order(buyer, {sku}, nullptr, by_balance);
  EXPECT_EQ(placed.status, 200) << placed.body;
  const auto order = json::parse(placed.body).at("order");
  std::string reference(order.at("reference").as_string());
  if (!by_balance) {
    const auto paid =
        shop.deliver_paid_event("evt_" + reference, reference, sku.price_cents, "eur");
    EXPECT_EQ(paid.status, 200) << paid.body;
  }
  return {order.at("id").as_int64(), std::move(reference)};
}

// The reversal postings of an order's refunds.
std::int64_t refund_postings(ShopClient& shop, std::int64_t order) {
  return shop.count(
      "SELECT count(DISTINCT posting) FROM ledger_entries WHERE posting IN (SELECT 'refund:' || "
      "id FROM refunds WHERE order_id = " +
      std::to_string(order) + ")");
}

TEST_F(ClusterRaces, FiftyBalanceOrdersOnFundsForTen_ExactlyTenSucceedWhicheverServerTakesThem) {
  std::vector<std::size_t> logged_before;
  for (std::size_t i = 0; i < ShopCluster::kServers; ++i) {
    logged_before.push_back(cluster.server(i).log_text().size());
  }
  races::fifty_balance_orders_on_funds_for_ten(shop);
  for (std::size_t i = 0; i < ShopCluster::kServers; ++i) {
    EXPECT_NE(cluster.server(i).log_text().find("POST /api/orders", logged_before[i]),
              std::string::npos)
        << "nginx gave server " << i << " some of the orders";
  }
}

// Different customers' orders take no lock in common (docs/ledger.md, "Balances"): none of them
// is retried into a 503, whichever servers take them.
TEST_F(ClusterRaces, ThirtyTwoCustomersOrderingAtOnce_AreAllPaid) {
  races::customers_ordering_at_once(shop, 32);
}

TEST_F(ClusterRaces, TwentyTabsRefreshingOneToken_AllHoldTheSameSuccessorWhicheverServerAnswers) {
  const auto ann = shop.sign_up();
  const auto login =
      post_json(shop.url("/api/Accounts/login"),
                json::serialize(json::value{{"email", ann.email}, {"password", kTestPassword}}));
  ASSERT_EQ(login.status, 200) << login.body;
  const auto refresh =
      json::serialize(json::value{{"refreshToken", json::parse(login.body).at("refreshToken")}});

  std::vector<HttpResponse> answers(20);
  std::latch start(static_cast<std::ptrdiff_t>(answers.size()));
  std::vector<std::thread> tabs;
  for (auto& answer : answers) {
    tabs.emplace_back([&] {
      start.arrive_and_wait();
      answer = post_json(shop.url("/api/Accounts/refresh"), refresh);
    });
  }
  for (auto& tab : tabs) tab.join();

  const auto successor = [](const HttpResponse& answer) {
    return json::parse(answer.body).at("refreshToken");
  };
  for (const auto& answer : answers) {
    ASSERT_EQ(answer.status, 200) << "no tab is logged out: " << answer.body;
    EXPECT_EQ(successor(answer), successor(answers.front()));
  }
  // One usable token per login: the sign-up's own and the one the tabs share.
  EXPECT_EQ(shop.count("SELECT count(*) FROM refresh_tokens JOIN accounts ON accounts.id = "
                       "account_id WHERE email = '" +
                       ann.email + "' AND rotated_at IS NULL AND revoked_at IS NULL"),
            2);
  const auto next =
      post_json(shop.url("/api/Accounts/refresh"),
                json::serialize(json::value{{"refreshToken", successor(answers.front())}}));
  EXPECT_EQ(next.status, 200) << next.body;
}

TEST_F(ClusterRaces, TwentyRedemptionsOfOneGiftCard_ExactlyOneSucceeds) {
  races::twenty_redemptions_of_one_gift_card(shop);
}

TEST_F(ClusterRaces, TwoBuyersForOneExclusive_OneIsPaidTheOtherRejectedAndKeepsTheMoney) {
  const auto exclusives = shop.exclusives();
  ASSERT_EQ(exclusives.size(), 1U);
  const auto& prize = exclusives.front();
  races::two_buyers_for_one_exclusive(shop, prize);
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
  races::one_webhook_delivered_ten_times(shop);
}

TEST_F(ClusterRaces, OneIdempotencyKeyTwentyTimes_PlacesOneOrderAndAnswersAlike) {
  const auto ann = shop.sign_up();
  const auto sku = shop.cheapest_regular();
  const auto first = races::one_idempotency_key_twenty_times(shop, ann, sku);

  // Later, every repetition replays the first answer, whichever server it reaches.
  for (std::size_t i = 0; i < ShopCluster::kServers; ++i) {
    const auto again =
        shop.place_order(ann, {sku}, "10", false, "EUR", {{"Idempotency-Key", "checkout-1"}});
    EXPECT_EQ(again.status, 200);
    EXPECT_EQ(again.body, first);
    EXPECT_EQ(again.header("Idempotent-Replayed"), "true");
  }
}

// Two debits of one balance that covers only one of them, sent by staff through two servers at
// once (docs/back-office.md, "Balance adjustments"): one is made, the other refused for the
// balance, which never goes below zero; one posting.
TEST_F(ClusterRaces, TwoBalanceDebitsThroughTwoServers_OnFundsForOne_OneIsMadeOneRefused) {
  const ClusterStaff owner(cluster, "race-owner@example.com");
  const auto ann = shop.sign_up();
  const auto found = owner.call(0, "GET", "/api/admin/customers?Query=" + ann.email);
  ASSERT_EQ(found.status, 200) << found.body;
  const auto id = json::parse(found.body).at("items").at(0).at("id").as_int64();
  const auto path = "/api/admin/customers/" + std::to_string(id) + "/adjustments";
  const auto adjustment = [](std::string_view direction) {
    return json::serialize(
        json::value{{"direction", direction}, {"amount", "5.00"}, {"reason", "Race"}});
  };
  ASSERT_EQ(owner.call(0, "POST", path, adjustment("credit"), "race-credit-1").status, 201);

  std::array<HttpResponse, 2> answers;
  at_once([&](std::size_t i) {
    answers.at(i) =
        owner.call(i, "POST", path, adjustment("debit"), "race-debit-" + std::to_string(i));
  });

  std::vector<long> statuses{answers[0].status, answers[1].status};
  std::ranges::sort(statuses);
  ASSERT_EQ(statuses, (std::vector<long>{201, 400})) << answers[0].body << answers[1].body;
  const auto& refused = answers[0].status == 400 ? answers[0] : answers[1];
  EXPECT_EQ(field_errors(refused, "amount"),
            std::vector<std::string>{"The balance holds only 0.00 EUR."});
  const auto account = std::to_string(id);
  EXPECT_EQ(shop.count("SELECT count(*) FROM ledger_entries WHERE posting LIKE 'adjustment:%' "
                       "AND account_id = " +
                       account + " AND side = 'Debit'"),
            1);
  EXPECT_EQ(
      shop.count("SELECT balance_micro_eur FROM customer_balances WHERE account_id = " + account),
      0);
  races::expect_the_ledger_balances(shop);
}

// Two members of staff refund the whole of one paid order at once through two servers: one
// refund is made, the other refused for what was given back already; the money goes back once.
TEST_F(ClusterRaces, TwoRefundsOfOneOrderThroughTwoServers_OneIsMadeTheOtherRefused) {
  const ClusterStaff owner(cluster, "refund-race@example.com");
  const auto ann = shop.sign_up();
  const auto [order, reference] = paid_order(shop, ann, true);
  const auto before = shop.balance(ann);
  const auto path = "/api/admin/orders/" + std::to_string(order) + "/refunds";
  const auto whole = json::serialize(json::value{{"lines", {1}}, {"reason", "Race"}});

  std::array<HttpResponse, 2> answers;
  at_once([&](std::size_t i) {
    answers.at(i) = owner.call(i, "POST", path, whole, "refund-race-" + std::to_string(i));
  });

  std::vector<long> statuses{answers[0].status, answers[1].status};
  std::ranges::sort(statuses);
  ASSERT_EQ(statuses, (std::vector<long>{201, 400})) << answers[0].body << answers[1].body;
  const auto& refused = answers[0].status == 400 ? answers[0] : answers[1];
  // Read after the other committed, or caught by the guard on what was given back.
  const auto lines = field_errors(refused, "lines");
  const auto amount = field_errors(refused, "amount");
  EXPECT_TRUE(lines == std::vector<std::string>{"Line 1 was refunded already."} ||
              lines ==
                  std::vector<std::string>{
                      "This item was refunded meanwhile by another refund: reload the order."} ||
              amount == std::vector<std::string>{"Only 0.00 EUR is left to refund."})
      << refused.body;
  EXPECT_EQ(shop.count("SELECT count(*) FROM refunds WHERE order_id = " + std::to_string(order)),
            1);
  EXPECT_EQ(refund_postings(shop, order), 1);
  EXPECT_EQ(shop.balance(ann), before + shop.cheapest_regular().price_cents);
  races::expect_the_ledger_balances(shop);
}

// One refund event delivered to two servers at once (the provider retrying while the first
// delivery is still in flight): our refund is confirmed once, and a refund made at the
// provider is recorded once with one reversal.
TEST_F(ClusterRaces, ARefundWebhookDeliveredToTwoServersAtOnce_IsActedOnOnce) {
  const ClusterStaff owner(cluster, "refund-webhook-race@example.com");
  const auto ann = shop.sign_up();
  const auto price = shop.cheapest_regular().price_cents;
  const auto deliver_twice_at_once = [&](const std::string& body) {
    std::array<HttpResponse, 2> answers;
    at_once([&](std::size_t i) {
      answers.at(i) = request(
          "POST", cluster.server(i + 1).url("/api/payments/webhook"), body,
          {{"Content-Type", "application/json"}, {"Stripe-Signature", webhook_signature(body)}});
    });
    EXPECT_EQ(answers[0].status, 200) << answers[0].body;
    EXPECT_EQ(answers[1].status, 200) << answers[1].body;
  };
  const auto audited = [&](std::string_view action, std::int64_t order) {
    return shop.count(
        fmt::format("SELECT count(*) FROM audit_log WHERE action = '{}' AND object = 'order:{}'",
                    action, order));
  };

  // Ours: asked of the sandbox through server 0, its charge.refunded sent to two others too.
  const auto [ours_order, ours_payment] = paid_order(shop, ann, false);
  const auto made = owner.call(
      0, "POST", "/api/admin/orders/" + std::to_string(ours_order) + "/refunds",
      json::serialize(json::value{{"lines", {1}}, {"reason", "Race"}}), "refund-webhook-race");
  ASSERT_EQ(made.status, 201) << made.body;
  const auto refund = json::parse(made.body).at("refund").at("id").as_int64();
  const auto ours = "rfd_" + std::to_string(refund);
  const auto event = "evt_re_sandbox_" + ours;  // the sandbox's own event id
  deliver_twice_at_once(charge_refunded_event(event, ours_payment, price, ours));
  EXPECT_TRUE(eventually([&] {
    return shop.count("SELECT count(*) FROM refunds WHERE status = 'succeeded' AND id = " +
                      std::to_string(refund)) == 1;
  }));
  EXPECT_EQ(audited("order.refund_confirmed", ours_order), 1);
  EXPECT_EQ(shop.count("SELECT count(*) FROM payment_events WHERE event_id = '" + event + "'"), 1);
  EXPECT_EQ(refund_postings(shop, ours_order), 1);

  // Made in the provider's dashboard: learnt once, with one reversal.
  const auto [their_order, their_payment] = paid_order(shop, ann, false);
  deliver_twice_at_once(
      charge_refunded_event("evt_dashboard_race_" + their_payment, their_payment, price, ""));
  EXPECT_EQ(shop.count("SELECT count(*) FROM refunds WHERE source = 'provider' AND order_id = " +
                       std::to_string(their_order)),
            1);
  EXPECT_EQ(refund_postings(shop, their_order), 1);
  races::expect_the_ledger_balances(shop);
}

}  // namespace
}  // namespace artshop::testing
