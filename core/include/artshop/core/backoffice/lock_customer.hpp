#pragma once

#include <optional>
#include <string>

#include "artshop/core/accounts/repositories.hpp"
#include "artshop/core/backoffice/customer_desk.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

struct LockCustomerCommand {
  StaffActor actor;
  UserId customer;
  std::optional<std::string> reason;
  std::string address;
};

// POST /api/admin/customers/{id}/lock (lock_customers): the account is locked and every login
// of it ends at once. A locked account's login is refused after a right password ("This
// account is locked: write to support.") and its tokens fail Authenticate even if one escaped
// the revocation. Locking a locked account keeps the first time.
class LockCustomer {
 public:
  using Ports = Transactions<CustomerRecords, RefreshTokenRepository, AuditLog>;

  LockCustomer(Ports transactions, const Clock& clock)
      : transactions_(std::move(transactions)), clock_(clock) {}
  Result<CustomerRow> operator()(const LockCustomerCommand& command);

 private:
  Ports transactions_;
  const Clock& clock_;
};

}  // namespace artshop
