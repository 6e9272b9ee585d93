#include "artshop/core/backoffice/sign_out_everywhere.hpp"

#include "artshop/core/staff/staff_services.hpp"

namespace artshop {

Result<void> SignOutEverywhere::operator()(const StaffActor& actor, UserId customer,
                                           const std::string& address) {
  if (auto allowed = require_permission(actor, StaffPermission::LockCustomers); !allowed) {
    return std::unexpected(allowed.error());
  }
  const auto now = std::chrono::floor<std::chrono::seconds>(clock_.now());
  return transactions_.write([&](Ports::Scope& tx) -> Result<void> {
    auto& records = tx.get<CustomerRecords>();
    if (!records.find(customer)) return std::unexpected(no_such_customer());
    const auto sessions = records.live_sessions(customer, now).size();
    tx.get<RefreshTokenRepository>().revoke_user_sessions(customer, {}, now);
    auto record = customer_audit(actor, address, "customer.sign_out_everywhere", customer, now);
    record.before = audit_values({{"sessions", std::to_string(sessions)}});
    record.after = audit_values({{"sessions", "0"}});
    tx.get<AuditLog>().append(record);
    return {};
  });
}

}  // namespace artshop
