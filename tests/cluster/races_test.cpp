// The money races of the API tests, through nginx across three servers on one PostgreSQL
// database: what one SQLite writer guaranteed on one server holds when three processes write
// at once, with the same answers to the customers.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <boost/json.hpp>
#include <latch>
#include <string>
#include <thread>
#include <vector>

#include "backstage.hpp"
#include "cluster/cluster_fixture.hpp"
#include "money_races.hpp"

namespace artshop::testing {
namespace {

using ClusterRaces = ClusterTest;
namespace json = boost::json;

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
  const std::string email = "race-owner@example.com";
  // One connection is all the command needs: the three servers' pools hold most of the
  // database's.
  const auto link =
      staff_link_by_command(cluster.server(0), email, "owner",
                            cluster.command_environment() + "ARTSHOP_DATABASE_POOL_SIZE='1' ");
  const auto owner = set_up_staff(cluster.server(0).base_url(), link, email);
  const auto ann = shop.sign_up();
  const auto call = [&](std::size_t server, std::string_view method, const std::string& path,
                        const std::string& body, const std::string& key) {
    RequestHeaders headers{{"Authorization", "Bearer " + owner.token},
                           {"Content-Type", "application/json"}};
    if (!key.empty()) headers.emplace_back("Idempotency-Key", key);
    return request(method, cluster.server(server).url(path), body, headers);
  };
  const auto found = call(0, "GET", "/api/admin/customers?Query=" + ann.email, "", "");
  ASSERT_EQ(found.status, 200) << found.body;
  const auto id = json::parse(found.body).at("items").at(0).at("id").as_int64();
  const auto path = "/api/admin/customers/" + std::to_string(id) + "/adjustments";
  const auto adjustment = [](std::string_view direction) {
    return json::serialize(
        json::value{{"direction", direction}, {"amount", "5.00"}, {"reason", "Race"}});
  };
  ASSERT_EQ(call(0, "POST", path, adjustment("credit"), "race-credit-1").status, 201);

  std::array<HttpResponse, 2> answers;
  std::latch start(2);
  std::vector<std::thread> staff;
  for (std::size_t i = 0; i < answers.size(); ++i) {
    staff.emplace_back([&, i] {
      start.arrive_and_wait();
      answers.at(i) = call(i, "POST", path, adjustment("debit"), "race-debit-" + std::to_string(i));
    });
  }
  for (auto& thread : staff) thread.join();

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

}  // namespace
}  // namespace artshop::testing
