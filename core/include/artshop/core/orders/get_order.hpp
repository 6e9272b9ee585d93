#pragma once

#include <utility>

#include "artshop/core/error.hpp"
#include "artshop/core/orders/order_history.hpp"
#include "artshop/core/orders/repositories.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

// GET /api/orders/{id}: one of the caller's orders; another user's is NotFound.
class GetOrder {
 public:
  using Ports = Transactions<OrderRepository, GiftCardRepository>;

  explicit GetOrder(Ports transactions) : transactions_(std::move(transactions)) {}
  Result<OrderHistoryItem> operator()(UserId caller, OrderId id);

 private:
  Ports transactions_;
};

}  // namespace artshop
