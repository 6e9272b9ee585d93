#pragma once

#include <string>

#include "artshop/core/backoffice/customer_desk.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

// POST /api/admin/customers/{id}/unlock (lock_customers): the customer may sign in again.
class UnlockCustomer {
 public:
  using Ports = Transactions<CustomerRecords, AuditLog>;

  UnlockCustomer(Ports transactions, const Clock& clock)
      : transactions_(std::move(transactions)), clock_(clock) {}
  Result<CustomerRow> operator()(const StaffActor& actor, UserId customer,
                                 const std::string& address);

 private:
  Ports transactions_;
  const Clock& clock_;
};

}  // namespace artshop
