#pragma once

// Shared by the refund use cases: what an order holds that a refund may give back, and what a
// refund changes besides money. Both run inside the caller's transaction.
#include <chrono>

#include "artshop/core/backoffice/refund.hpp"
#include "artshop/core/backoffice/repositories.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/orders/repositories.hpp"

namespace artshop::refunds_detail {

// The order with its gift cards and what refunds not failed gave back of it.
RefundableOrder refundable_order(const Order& order, GiftCardRepository& gift_cards,
                                 RefundRepository& refunds);

// The refund's lines stop downloading, its gift cards are voided, and its exclusive pictures are
// for sale again when the refund says so.
Result<void> apply_refund_effects(const Order& order, const Refund& refund,
                                  GiftCardRepository& gift_cards, RefundRepository& refunds,
                                  std::chrono::sys_seconds now);

}  // namespace artshop::refunds_detail
