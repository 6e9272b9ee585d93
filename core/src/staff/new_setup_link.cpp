#include "artshop/core/staff/new_setup_link.hpp"

namespace artshop {

Result<std::string> NewSetupLink::operator()(const StaffActor& actor, UserId member_id,
                                             const std::string& address) {
  if (auto allowed = require_permission(actor, StaffPermission::ManageStaff); !allowed) {
    return std::unexpected(allowed.error());
  }
  return transactions_.write([&](Ports::Scope& tx) -> Result<std::string> {
    auto& staff = tx.get<StaffRepository>();
    const auto member = staff.find(member_id);
    if (!member) return std::unexpected(Error::not_found("no such staff member"));
    staff.remove_second_factor(member->id);
    staff.end_sessions(member->id);
    // A suspended member stays suspended; anyone else is invited again until set up.
    if (member->status == StaffStatus::Active) {
      staff.update(member->id, member->role, StaffStatus::Invited);
    }
    auto link = issue_setup_link(staff, services_.links(), member->id);
    tx.get<AuditLog>().append(
        staff_audit(actor, address, "staff.setup_link", member->id, services_.now()));
    return link;
  });
}

}  // namespace artshop
