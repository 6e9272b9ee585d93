// One of the three servers killed with SIGKILL while eight customers place orders, redeem gift
// cards and pay deposits through nginx, at a moment it provably holds requests of theirs: it
// is frozen (SIGSTOP) first, and killed once the kernel shows a request sent to it that it has
// not read. Customers retry what was cut off, as careful clients do: a POST that nginx
// answered 502 (its server died with it in flight) is sent again with the same
// Idempotency-Key, to whichever server nginx picks next.
#include <gtest/gtest.h>

#include <atomic>
#include <iostream>
#include <mutex>

#include "cluster/cluster_fixture.hpp"
#include "support/eventually.hpp"
#include "support/loopback.hpp"

namespace artshop::testing {
namespace {

constexpr int kCustomers = 8;
// Each customer's operations, in turn: an order paid from the balance, a gift card redeemed,
// a deposit paid.
constexpr int kRounds = 3;
constexpr int kOperations = kCustomers * kRounds * 3;
// The server killed, after this many operations were answered.
constexpr std::size_t kVictim = 1;
constexpr int kKillAfter = kOperations / 4;
constexpr std::int64_t kGiftCardCents = 5'00;
constexpr std::int64_t kDepositCents = 7'00;

// What one customer was told: effects acknowledged (200), and effects whose outcome the client
// cannot know yet (409 "still being processed": its first attempt died with the server; a
// real client asks again once the reservation is given up, a minute later).
struct Ledgered {
  std::int64_t balance_before = 0;
  std::int64_t acknowledged_credits = 0;
  std::int64_t acknowledged_debits = 0;
  std::int64_t unknown_credits = 0;
  std::int64_t unknown_debits = 0;
  std::vector<json::object> paid_orders;
  int unknown_orders = 0;
};

class ClusterFailover : public ClusterTest {
 protected:
  // Sends `request` until nginx answers something other than 502, at most four times, and
  // counts who answered each attempt (nginx's X-Upstream).
  HttpResponse sent(const std::function<HttpResponse()>& request) {
    auto answer = request();
    for (int retry = 0; answer.status == 502 && retry < 3; ++retry) {
      note_answer(answer);
      answer = request();
    }
    note_answer(answer);
    return answer;
  }

  void note_answer(const HttpResponse& answer) {
    const auto server = answer.header("X-Upstream");
    const std::lock_guard lock(mutex);
    if (answer.status == 502) {
      ++cut_off;
      if (server == victim) ++cut_off_on_the_victim;
    } else if (server == victim && !killed) {
      ++answered_by_the_victim;
    }
  }

  // Freezes the victim, waits until a customer's request reached it and lies unread, and
  // kills it: the kill cuts that request off. Answers how many lay unread.
  int kill_the_victim_holding_requests() {
    cluster.freeze(kVictim);
    const auto port = cluster.server(kVictim).port();
    int unread = 0;
    const bool holding = eventually([&] {
      unread = connections_with_unread_bytes(port);
      return unread > 0;
    });
    {
      const std::lock_guard lock(mutex);
      killed = true;
    }
    cluster.kill(kVictim);
    EXPECT_TRUE(holding) << "no customer's request reached the frozen server";
    return unread;
  }

  // Files an answer that is neither acknowledged nor "still being processed".
  void unexpected(std::string_view what, const HttpResponse& answer) {
    const std::lock_guard lock(mutex);
    surprises.push_back(std::string(what) + ": " + std::to_string(answer.status) + " " +
                        answer.body);
  }

  const std::string victim = "127.0.0.1:" + std::to_string(cluster.server(kVictim).port());
  std::mutex mutex;
  // The victim's answers of the stream until it was killed, and every 502 (its own).
  int answered_by_the_victim = 0;
  bool killed = false;
  int cut_off = 0;
  int cut_off_on_the_victim = 0;
  std::vector<std::string> surprises;
};

bool still_being_processed(const HttpResponse& answer) {
  return answer.status == 409 && answer.header("Retry-After") == "1";
}

TEST_F(ClusterFailover, AServerKilledUnderLoad_LosesNoAcknowledgedOperationAndTheOthersAnswer) {
  const auto sku = shop.cheapest_regular();
  std::vector<Customer> customers;
  for (int i = 0; i < kCustomers; ++i) customers.push_back(shop.sign_up());
  // Each customer buys the gift cards its neighbour redeems, and can pay for its own orders.
  std::vector<std::vector<std::string>> gift_cards(kCustomers);
  in_parallel(kCustomers, [&](int i) {
    const auto& customer = customers[static_cast<std::size_t>(i)];
    shop.fund_cents(customer, kRounds * (sku.price_cents + kGiftCardCents));
    for (int round = 0; round < kRounds; ++round) {
      const auto placed =
          shop.place_order(customer, {}, json::string(decimal(kGiftCardCents)), true);
      ASSERT_EQ(placed.status, 200) << placed.body;
      gift_cards[static_cast<std::size_t>((i + 1) % kCustomers)].emplace_back(
          parse_object(placed).at("giftCardNumbers").at(0).as_string());
    }
  });
  for (const auto& cards : gift_cards) ASSERT_EQ(cards.size(), static_cast<std::size_t>(kRounds));
  std::vector<Ledgered> told(kCustomers);
  for (std::size_t i = 0; i < customers.size(); ++i) {
    told[i].balance_before = shop.balance(customers[i]);
  }

  std::atomic<int> answered{0};
  std::atomic<int> answered_after_the_kill{0};
  std::atomic<int> unread_at_the_kill{0};
  const auto one_more_answered = [&] {
    const int count = ++answered;
    if (count == kKillAfter) unread_at_the_kill = kill_the_victim_holding_requests();
    if (count > kKillAfter) ++answered_after_the_kill;
  };
  in_parallel(kCustomers, [&](int i) {
    const auto at = static_cast<std::size_t>(i);
    const auto& customer = customers[at];
    auto& mine = told[at];
    for (int round = 0; round < kRounds; ++round) {
      const auto key = [&](std::string_view what) {
        return RequestHeaders{{"Idempotency-Key", std::string(what) + "-" + std::to_string(round)}};
      };
      const auto order = sent(
          [&] { return shop.place_order(customer, {sku}, nullptr, true, "EUR", key("order")); });
      if (order.status == 200) {
        mine.acknowledged_debits += sku.price_cents;
        mine.paid_orders.push_back(parse_object(order).at("order").as_object());
      } else if (still_being_processed(order)) {
        mine.unknown_debits += sku.price_cents;
        ++mine.unknown_orders;
      } else {
        unexpected("order", order);
      }
      one_more_answered();

      const auto& number = gift_cards[at][static_cast<std::size_t>(round)];
      const auto redeemed = sent([&] {
        return shop.post("/api/balance/gift-card", json::object{{"giftCardNumber", number}},
                         customer, key("gift-card"));
      });
      if (redeemed.status == 200) {
        mine.acknowledged_credits += kGiftCardCents;
      } else if (still_being_processed(redeemed)) {
        mine.unknown_credits += kGiftCardCents;
      } else {
        unexpected("gift card", redeemed);
      }
      one_more_answered();

      // A deposit credits nothing until its payment is reported; the provider repeats the
      // report until some server acknowledges it.
      const auto deposit = sent([&] {
        return shop.post("/api/balance/deposit",
                         deposit_payload(json::string(decimal(kDepositCents))), customer,
                         key("deposit"));
      });
      if (deposit.status == 200) {
        const auto reference =
            std::string(parse_object(deposit).at("deposit").at("reference").as_string());
        const auto paid = sent([&] {
          return shop.deliver_paid_event("evt_" + reference, reference, kDepositCents, "eur");
        });
        if (paid.status == 200) {
          mine.acknowledged_credits += kDepositCents;
        } else {
          unexpected("deposit paid", paid);
        }
      } else if (!still_being_processed(deposit)) {
        unexpected("deposit", deposit);
      }
      one_more_answered();
    }
  });

  EXPECT_TRUE(surprises.empty()) << ::testing::PrintToString(surprises);
  // The kill cut off requests of the stream: the victim was answering its share until it was
  // frozen, held requests unread when it was killed, and each of those came back as nginx's
  // 502 naming it (POSTs are never passed on), to be sent again.
  EXPECT_GT(answered_by_the_victim, 0) << "the victim took part in the stream";
  EXPECT_GT(unread_at_the_kill.load(), 0);
  EXPECT_GE(cut_off_on_the_victim, unread_at_the_kill.load())
      << "every request it held was cut off and reported";
  EXPECT_EQ(cut_off, cut_off_on_the_victim) << "only the victim's requests were cut off";
  EXPECT_EQ(answered_after_the_kill.load(), kOperations - kKillAfter)
      << "every operation after the kill was answered by the two servers left";
  int unknown = 0;
  for (const auto& mine : told) {
    unknown += static_cast<int>((mine.unknown_credits / kGiftCardCents) + mine.unknown_orders);
  }
  std::cout << answered_by_the_victim << " answer(s) from the victim before the kill, "
            << unread_at_the_kill.load() << " request(s) unread in it at the kill; " << cut_off
            << " request(s) cut off by the kill and sent again; " << unknown
            << " of them still being processed when asked again\n";

  // Every acknowledged order exists, paid, with its ledger entries.
  for (std::size_t i = 0; i < customers.size(); ++i) {
    for (const auto& order : told[i].paid_orders) {
      const auto id = order.at("id").as_int64();
      const auto read = shop.get("/api/orders/" + std::to_string(id), customers[i]);
      ASSERT_EQ(read.status, 200) << read.body;
      EXPECT_EQ(parse_object(read).at("status").as_string(), "Paid");
      EXPECT_GE(shop.count("SELECT count(*) FROM ledger_entries WHERE posting = 'order:" +
                           std::string(order.at("reference").as_string()) + "'"),
                2);
    }
  }
  // Each balance is what the customer was told, give or take only the effects whose outcome
  // the customer does not know yet: nothing acknowledged was lost, nothing done twice.
  for (std::size_t i = 0; i < customers.size(); ++i) {
    const auto& mine = told[i];
    const auto settled = mine.balance_before + mine.acknowledged_credits - mine.acknowledged_debits;
    const auto balance = shop.balance(customers[i]);
    EXPECT_GE(balance, settled - mine.unknown_debits) << "customer " << i;
    EXPECT_LE(balance, settled + mine.unknown_credits) << "customer " << i;
    const auto orders =
        json::parse(shop.get("/api/orders", customers[i]).body).at("items").as_array().size();
    // The gift cards bought before the load are orders too.
    const auto before = static_cast<std::size_t>(kRounds);
    EXPECT_GE(orders, before + mine.paid_orders.size()) << "customer " << i;
    EXPECT_LE(orders,
              before + mine.paid_orders.size() + static_cast<std::size_t>(mine.unknown_orders))
        << "customer " << i;
  }
  const auto ledger = shop.ledger_totals();
  EXPECT_EQ(ledger.debits, ledger.credits) << "double entry holds over the whole ledger";
  EXPECT_GE(ledger.lowest_customer_running_balance, 0) << "no balance was ever negative";

  // The two servers left answer everything, through nginx and directly.
  for (std::size_t i = 0; i < ShopCluster::kServers; ++i) {
    if (i != kVictim) {
      EXPECT_EQ(get(cluster.server(i).url("/readyz")).status, 200);
    }
  }
  const auto newcomer = shop.sign_up();
  for (int i = 0; i < 6; ++i) EXPECT_EQ(shop.balance(newcomer), 0);

  // Started again on its port, the server rejoins: nginx sends it requests once more.
  // nginx tries it again once the server's fail_timeout has passed.
  cluster.restart(kVictim);
  const auto started = cluster.server(kVictim).log_text().size();
  EXPECT_TRUE(eventually([&] {
    EXPECT_EQ(shop.balance(newcomer), 0);
    return cluster.server(kVictim).log_text().find("POST /api/balance", started) !=
           std::string::npos;
  }));
}

}  // namespace
}  // namespace artshop::testing
