#pragma once

#include <vector>

#include "artshop/core/backoffice/customer_desk.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/orders/repositories.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

// One customer as the back office opens them.
struct CustomerFile {
  inline static constexpr int kOrdersShown = 20;

  CustomerRow customer;
  std::vector<Order> orders;  // the newest kOrdersShown
  int orders_total = 0;
  std::vector<CustomerTicket> tickets;
  std::vector<CustomerSession> sessions;  // the logins that still work
};

// GET /api/admin/customers/{id} (view_customers): profile, billing, balance, newest orders,
// support tickets and live sessions.
class GetCustomerForStaff {
 public:
  using Ports = Transactions<CustomerRecords, OrderRepository>;

  GetCustomerForStaff(Ports transactions, const Clock& clock)
      : transactions_(std::move(transactions)), clock_(clock) {}
  Result<CustomerFile> operator()(const StaffActor& actor, UserId customer);

 private:
  Ports transactions_;
  const Clock& clock_;
};

}  // namespace artshop
