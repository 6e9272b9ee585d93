#pragma once

#include <utility>

#include "artshop/core/error.hpp"
#include "artshop/core/orders/payment.hpp"
#include "artshop/core/orders/repositories.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

// GET /api/balance/deposits/{id}: one of the caller's deposits; another user's, or a payment
// that is not a deposit, is NotFound.
class GetDeposit {
 public:
  using Ports = Transactions<PaymentRepository>;

  explicit GetDeposit(Ports transactions) : transactions_(std::move(transactions)) {}
  Result<Payment> operator()(UserId caller, PaymentId id);

 private:
  Ports transactions_;
};

}  // namespace artshop
