#pragma once

#include <string>

#include "artshop/core/accounts/repositories.hpp"
#include "artshop/core/backoffice/customer_desk.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

// POST /api/admin/customers/{id}/sign-out-everywhere (lock_customers): every login of the
// customer ends at once: their refresh tokens are revoked, and their access tokens, whose login
// is looked up on every call, are refused from the next call.
class SignOutEverywhere {
 public:
  using Ports = Transactions<CustomerRecords, RefreshTokenRepository, AuditLog>;

  SignOutEverywhere(Ports transactions, const Clock& clock)
      : transactions_(std::move(transactions)), clock_(clock) {}
  Result<void> operator()(const StaffActor& actor, UserId customer, const std::string& address);

 private:
  Ports transactions_;
  const Clock& clock_;
};

}  // namespace artshop
