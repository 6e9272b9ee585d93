#pragma once

#include <string>

#include "artshop/core/error.hpp"
#include "artshop/core/ports/transactions.hpp"
#include "artshop/core/staff/staff_services.hpp"

namespace artshop {

// DELETE /api/admin/session: the actor's session ends; its token no longer works.
class StaffSignOut {
 public:
  using Ports = Transactions<StaffRepository, AuditLog>;

  StaffSignOut(Ports transactions, const StaffServices& services)
      : transactions_(std::move(transactions)), services_(services) {}
  Result<void> operator()(const StaffActor& actor, const std::string& address);

 private:
  Ports transactions_;
  const StaffServices& services_;
};

}  // namespace artshop
