#include "artshop/core/staff/change_staff.hpp"

namespace artshop {
namespace {

bool active_owner(StaffRole role, StaffStatus status) {
  return role == StaffRole::Owner && status == StaffStatus::Active;
}

}  // namespace

Result<StaffMember> ChangeStaff::operator()(const ChangeStaffCommand& command) {
  if (auto allowed = require_permission(command.actor, StaffPermission::ManageStaff); !allowed) {
    return std::unexpected(allowed.error());
  }
  std::optional<StaffRole> role;
  if (command.role) {
    role = parse_staff_role(*command.role);
    if (!role) {
      return std::unexpected(Error::validation("role", std::string(staff_messages::kUnknownRole)));
    }
  }
  return transactions_.write([&](Ports::Scope& tx) -> Result<StaffMember> {
    auto& staff = tx.get<StaffRepository>();
    auto member = staff.find(command.member);
    if (!member) return std::unexpected(Error::not_found("no such staff member"));
    const auto new_role = role.value_or(member->role);
    auto new_status = member->status;
    if (command.suspended && *command.suspended) new_status = StaffStatus::Suspended;
    if (command.suspended && !*command.suspended && member->status == StaffStatus::Suspended) {
      // Back to where the member was: active once set up, else still invited.
      new_status = staff.second_factor(member->id) ? StaffStatus::Active : StaffStatus::Invited;
    }
    if (active_owner(member->role, member->status) && !active_owner(new_role, new_status) &&
        staff.count_active_owners() <= 1) {
      return std::unexpected(Error::general(std::string(staff_messages::kLastOwner)));
    }
    const auto now = services_.now();
    auto& audit = tx.get<AuditLog>();
    if (new_role != member->role) {
      auto record =
          staff_audit(command.actor, command.address, "staff.role_change", member->id, now);
      record.before = audit_values({{"role", name_of(member->role)}});
      record.after = audit_values({{"role", name_of(new_role)}});
      audit.append(record);
    }
    if (new_status != member->status) {
      const bool suspending = new_status == StaffStatus::Suspended;
      auto record = staff_audit(command.actor, command.address,
                                suspending ? "staff.suspend" : "staff.unsuspend", member->id, now);
      record.before = audit_values({{"status", name_of(member->status)}});
      record.after = audit_values({{"status", name_of(new_status)}});
      audit.append(record);
    }
    // A session carries the role it was signed in with: a change ends it, as does a suspension.
    if (new_role != member->role || new_status == StaffStatus::Suspended) {
      staff.end_sessions(member->id);
    }
    staff.update(member->id, new_role, new_status);
    member->role = new_role;
    member->status = new_status;
    return std::move(*member);
  });
}

}  // namespace artshop
