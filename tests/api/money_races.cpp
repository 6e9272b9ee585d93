#include "money_races.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <vector>

namespace artshop::testing::races {

std::string bought_gift_card(ShopClient& shop, std::string_view amount) {
  const auto buyer = shop.sign_up();
  shop.fund(buyer, amount);
  const auto placed = shop.place_order(buyer, {}, json::string(amount), true);
  EXPECT_EQ(placed.status, 200) << placed.body;
  return std::string(parse_object(placed).at("giftCardNumbers").at(0).as_string());
}

void expect_the_ledger_balances(ShopClient& shop) {
  const auto ledger = shop.ledger_totals();
  EXPECT_GT(ledger.entries, 0);
  EXPECT_EQ(ledger.debits, ledger.credits) << "double entry holds over the whole ledger";
  EXPECT_GE(ledger.lowest_customer_running_balance, 0) << "no balance was ever negative";
}

void fifty_balance_orders_on_funds_for_ten(ShopClient& shop) {
  const auto ann = shop.sign_up();
  const auto sku = shop.cheapest_regular();
  shop.fund_cents(ann, sku.price_cents * 10);
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
  expect_the_ledger_balances(shop);
}

void customers_ordering_at_once(ShopClient& shop, int customers) {
  const auto sku = shop.cheapest_regular();
  std::vector<Customer> buyers;
  for (int i = 0; i < customers; ++i) {
    buyers.push_back(shop.sign_up());
    shop.fund_cents(buyers.back(), sku.price_cents);
  }
  std::mutex answers_mutex;
  std::vector<std::string> not_paid;
  in_parallel(customers, [&](int i) {
    const auto response =
        shop.place_order(buyers[static_cast<std::size_t>(i)], {sku}, nullptr, true);
    if (response.status != 200) {
      const std::lock_guard lock(answers_mutex);
      not_paid.push_back(std::to_string(response.status) + " " + response.body);
    }
  });
  EXPECT_TRUE(not_paid.empty()) << not_paid.size() << " not paid, the first: " << not_paid.front();
  for (const auto& buyer : buyers) EXPECT_EQ(shop.balance(buyer), 0);
  expect_the_ledger_balances(shop);
}

void twenty_redemptions_of_one_gift_card(ShopClient& shop) {
  const auto number = bought_gift_card(shop, "50.00");
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
  expect_the_ledger_balances(shop);
}

void two_buyers_for_one_exclusive(ShopClient& shop, const Sku& prize) {
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
}

void one_webhook_delivered_ten_times(ShopClient& shop) {
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
  expect_the_ledger_balances(shop);
}

std::string one_idempotency_key_twenty_times(ShopClient& shop, const Customer& customer,
                                             const Sku& sku) {
  std::vector<HttpResponse> answers(20);
  in_parallel(20, [&](int i) {
    answers[static_cast<std::size_t>(i)] =
        shop.place_order(customer, {sku}, "10", false, "EUR", {{"Idempotency-Key", "checkout-1"}});
  });
  // One request ran; each other one replayed its answer, or was told to come back (409 with
  // Retry-After) while the first was still running.
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
  if (placed.empty()) {
    ADD_FAILURE() << "every request was told to come back";
    return "";
  }
  int replayed = 0;
  for (const auto* answer : placed) {
    EXPECT_EQ(answer->body, placed.front()->body);
    if (answer->header("Idempotent-Replayed") == "true") ++replayed;
  }
  EXPECT_EQ(replayed, static_cast<int>(placed.size()) - 1) << "exactly one request ran";
  EXPECT_EQ(json::parse(shop.get("/api/orders", customer).body).at("items").as_array().size(), 1U);
  return placed.front()->body;
}

}  // namespace artshop::testing::races
