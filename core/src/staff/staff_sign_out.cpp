#include "artshop/core/staff/staff_sign_out.hpp"

namespace artshop {

Result<void> StaffSignOut::operator()(const StaffActor& actor, const std::string& address) {
  return transactions_.write([&](Ports::Scope& tx) -> Result<void> {
    tx.get<StaffRepository>().end_session(actor.session);
    tx.get<AuditLog>().append(
        staff_audit(actor, address, "staff.sign_out", actor.id, services_.now()));
    return {};
  });
}

}  // namespace artshop
