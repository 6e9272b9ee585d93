#include "artshop/core/staff/add_staff.hpp"

#include "artshop/core/accounts/email.hpp"

namespace artshop {

Result<AddedStaff> AddStaff::operator()(const AddStaffCommand& command) {
  if (command.actor) {
    if (auto allowed = require_permission(*command.actor, StaffPermission::ManageStaff); !allowed) {
      return std::unexpected(allowed.error());
    }
  }
  ValidationErrors errors;
  const auto email = normalize_email(command.email, text_);
  if (const auto problem = email_problem(email)) errors.add("email", std::string(*problem));
  const auto role = parse_staff_role(command.role);
  if (!role) errors.add("role", std::string(staff_messages::kUnknownRole));
  if (!errors.empty()) return std::unexpected(Error::validation(std::move(errors)));

  return transactions_.write([&](Ports::Scope& tx) -> Result<AddedStaff> {
    auto& accounts = tx.get<AccountRepository>();
    auto& staff = tx.get<StaffRepository>();
    const auto now = std::chrono::floor<std::chrono::seconds>(links_.clock.now());
    auto account = accounts.find_by_email(email);
    // An empty hash matches no password: the member chooses one at set-up.
    const auto id = account ? std::optional(account->id) : accounts.insert(email, "", now);
    if (!id) return std::unexpected(Error::internal("the account could not be created"));
    if (!staff.insert(*id, *role, StaffStatus::Invited, now)) {
      return std::unexpected(
          Error::validation("email", std::string(staff_messages::kStaffAlready)));
    }
    auto link = issue_setup_link(staff, links_, *id);
    auto record = staff_audit(command.actor, command.address,
                              command.actor ? "staff.invite" : "staff.add", *id, now);
    record.after = audit_values({{"email", email}, {"role", name_of(*role)}});
    tx.get<AuditLog>().append(record);
    auto member = staff.find(*id);
    if (!member) return std::unexpected(Error::internal("the new member could not be read"));
    return AddedStaff{.member = std::move(*member), .setup_link = std::move(link)};
  });
}

}  // namespace artshop
