#pragma once

#include <optional>
#include <string>

#include "artshop/core/backoffice/repositories.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/ports/transactions.hpp"
#include "artshop/core/staff/staff_member.hpp"

namespace artshop {

// GET /api/admin/orders: the query as sent, every filter optional.
struct SearchOrdersQuery {
  std::optional<std::string> id;
  std::optional<std::string> reference;
  std::optional<std::string> email;
  std::optional<std::string> status;    // Pending|Paid|Failed|Expired
  std::optional<std::string> refund;    // None|PartlyRefunded|Refunded
  std::optional<std::string> from;      // YYYY-MM-DD, inclusive, UTC
  std::optional<std::string> to;        // YYYY-MM-DD, inclusive, UTC
  std::optional<std::string> currency;  // default EUR when an amount bound is given
  std::optional<std::string> min_amount;
  std::optional<std::string> max_amount;
  std::optional<std::string> sort;  // createdAt, -createdAt (default), total, -total
  std::optional<std::string> page;
  std::optional<std::string> page_size;
};

struct OrderListing {
  StaffOrderPage orders;
  int page = 1;
  int page_size = 50;
};

// GET /api/admin/orders (view_orders): orders of every customer, filtered, sorted and paged in
// the database. A bad filter is a 400 on its parameter's name.
class SearchOrders {
 public:
  using Ports = Transactions<StaffOrderReads>;
  static constexpr int kDefaultPageSize = 50;
  static constexpr int kMaxPageSize = 100;

  explicit SearchOrders(Ports transactions) : transactions_(std::move(transactions)) {}
  Result<OrderListing> operator()(const StaffActor& actor, const SearchOrdersQuery& query);

 private:
  Ports transactions_;
};

}  // namespace artshop
