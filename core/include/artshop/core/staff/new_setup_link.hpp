#pragma once

#include <string>

#include "artshop/core/error.hpp"
#include "artshop/core/ports/transactions.hpp"
#include "artshop/core/staff/staff_services.hpp"

namespace artshop {

// POST /api/admin/staff/{id}/setup-link (manage_staff): the member sets up a new authenticator
// (a lost phone). The old second factor, recovery codes and sessions are dropped at once.
class NewSetupLink {
 public:
  using Ports = Transactions<StaffRepository, AuditLog>;

  NewSetupLink(Ports transactions, const StaffServices& services)
      : transactions_(std::move(transactions)), services_(services) {}
  Result<std::string> operator()(const StaffActor& actor, UserId member,
                                 const std::string& address);

 private:
  Ports transactions_;
  const StaffServices& services_;
};

}  // namespace artshop
