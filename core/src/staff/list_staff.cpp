#include "artshop/core/staff/list_staff.hpp"

namespace artshop {

Result<std::vector<StaffMember>> ListStaff::operator()(const StaffActor& actor) {
  if (auto allowed = require_permission(actor, StaffPermission::ManageStaff); !allowed) {
    return std::unexpected(allowed.error());
  }
  return transactions_.read([&](Ports::Scope& tx) -> Result<std::vector<StaffMember>> {
    return tx.get<StaffRepository>().list();
  });
}

}  // namespace artshop
