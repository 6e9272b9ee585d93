#pragma once

#include <optional>
#include <string>

#include "artshop/core/error.hpp"
#include "artshop/core/ports/transactions.hpp"
#include "artshop/core/staff/staff_services.hpp"

namespace artshop {

struct ChangeStaffCommand {
  StaffActor actor;
  UserId member;
  std::optional<std::string> role;  // a new role
  std::optional<bool> suspended;
  std::string address;
};

// PATCH /api/admin/staff/{id} (manage_staff): a new role, a suspension or its end. The shop
// never loses its last active owner; a role change or a suspension ends the member's sessions
// at once.
class ChangeStaff {
 public:
  using Ports = Transactions<StaffRepository, AuditLog>;

  ChangeStaff(Ports transactions, const StaffServices& services)
      : transactions_(std::move(transactions)), services_(services) {}
  Result<StaffMember> operator()(const ChangeStaffCommand& command);

 private:
  Ports transactions_;
  const StaffServices& services_;
};

}  // namespace artshop
