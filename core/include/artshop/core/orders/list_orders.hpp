#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "artshop/core/error.hpp"
#include "artshop/core/orders/order_history.hpp"
#include "artshop/core/orders/repositories.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

// GET /api/orders?Page=&PageSize=: raw query values; absent or empty ones default.
struct ListOrdersQuery {
  UserId user;
  std::optional<std::string> page;
  std::optional<std::string> page_size;
};

struct OrderHistoryPage {
  std::vector<OrderHistoryItem> items;
  int total = 0;
  int page = 1;
  int page_size = 20;
};

// GET /api/orders: the caller's orders, newest first, a page at a time.
class ListOrders {
 public:
  using Ports = Transactions<OrderRepository, GiftCardRepository>;

  static constexpr int kDefaultPageSize = 20;
  static constexpr int kMaxPageSize = 100;

  explicit ListOrders(Ports transactions) : transactions_(std::move(transactions)) {}
  Result<OrderHistoryPage> operator()(const ListOrdersQuery& query);

 private:
  Ports transactions_;
};

}  // namespace artshop
