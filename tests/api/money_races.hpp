#pragma once

// The money races, written once and played through any front door: one server (the API
// tests) or three behind nginx (the cluster tests). Each plays its race through `shop` and
// checks what the customers and the ledger must see afterwards; callers add what is theirs to
// check (which server took what).
#include <string>
#include <string_view>

#include "shop_api.hpp"

namespace artshop::testing::races {

// A gift card of `amount` EUR ("50.00") bought, and paid from the balance, by a fresh customer.
std::string bought_gift_card(ShopClient& shop, std::string_view amount);

// Double entry holds over the whole ledger, and no customer's balance was ever negative.
void expect_the_ledger_balances(ShopClient& shop);

// Fifty orders at once paid from a balance that covers ten: ten are paid, forty refused for
// the balance, and the balance ends at zero.
void fifty_balance_orders_on_funds_for_ten(ShopClient& shop);

// `customers` customers, each with the funds for one order, order at once: every order is paid,
// none is refused or asked to try again (one customer's order does not conflict with another's),
// and every balance ends at zero.
void customers_ordering_at_once(ShopClient& shop, int customers);

// Twenty redemptions at once of one 50 EUR gift card by four customers: it is credited once.
void twenty_redemptions_of_one_gift_card(ShopClient& shop);

// Two buyers with the money for it order one exclusive at once: one pays, the other is
// refused and keeps the money.
void two_buyers_for_one_exclusive(ShopClient& shop, const Sku& prize);

// The paid-checkout webhook of one deposit delivered ten times at once: each delivery is
// acknowledged, the deposit credited once.
void one_webhook_delivered_ten_times(ShopClient& shop);

// Twenty orders at once under one Idempotency-Key: one order is placed, every answer is its
// answer (or 409 "still being processed" while it ran). Answers that first answer's body.
std::string one_idempotency_key_twenty_times(ShopClient& shop, const Customer& customer,
                                             const Sku& sku);

}  // namespace artshop::testing::races
