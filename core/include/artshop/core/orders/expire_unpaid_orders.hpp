#pragma once

#include <utility>

#include "artshop/core/error.hpp"
#include "artshop/core/orders/repositories.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

// How many payments expired, by what they were for.
struct ExpiredPayments {
  int orders = 0;
  int deposits = 0;
};

// Pending payments whose 30 minutes have passed become Expired; the orders they were for
// release their exclusive pictures. Run periodically.
class ExpireUnpaidOrders {
 public:
  using Ports = Transactions<PaymentRepository, OrderRepository>;

  ExpireUnpaidOrders(Ports transactions, const Clock& clock)
      : transactions_(std::move(transactions)), clock_(clock) {}
  Result<ExpiredPayments> operator()();

 private:
  Ports transactions_;
  const Clock& clock_;
};

}  // namespace artshop
