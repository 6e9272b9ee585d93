#pragma once

// Shared by the order use cases: the payment state machine, amounts in micro-euros and
// ledger postings.
#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include "artshop/core/accounts/ports.hpp"
#include "artshop/core/catalogue/repositories.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/orders/ledger.hpp"
#include "artshop/core/orders/order.hpp"
#include "artshop/core/orders/repositories.hpp"
#include "artshop/core/ports/random_source.hpp"

namespace artshop::orders_detail {

inline std::chrono::sys_seconds seconds(std::chrono::system_clock::time_point time) {
  return std::chrono::floor<std::chrono::seconds>(time);
}

// Moves `payment` to `to` if the state machine allows it (transition) and the stored payment
// is still what `payment` says (a guarded update, so of two racing settlements one wins); the
// value then follows. False, and nothing changed, otherwise.
bool settle(PaymentRepository& payments, Payment& payment, PaymentStatus to,
            std::chrono::sys_seconds now, PaymentChangeSource source);

// Moves a payment not yet stored to `to` if the state machine allows it; false, and nothing
// changed, otherwise. An order paid from the balance is settled before its payment is written.
bool settle_unstored(Payment& payment, PaymentStatus to, std::chrono::sys_seconds now);

// An order's amounts in micro-euros at its frozen rate. The total is the sum of the parts,
// so a posting made of them always balances.
struct OrderAmounts {
  std::int64_t lines_minor = 0;  // the pictures, in the order's currency
  std::int64_t revenue_micro = 0;
  std::vector<std::int64_t> gift_card_micro;
  std::int64_t total_micro = 0;
};
Result<OrderAmounts> amounts_of(const Order& order);

// Money that arrived for a payment no longer Pending, kept as the payer's balance: once per
// reference. Answers false when it was credited before.
Result<bool> credit_late_payment(Ledger& ledger, const Payment& payment,
                                 std::chrono::sys_seconds now);

Result<void> post(Ledger& ledger, const Posting::Builder& builder);

// "ord_" or "dep_" and 128 random bits in hex.
std::string new_payment_reference(RandomSource& random, std::string_view prefix);

std::string order_posting_reference(std::string_view payment_reference);

}  // namespace artshop::orders_detail
