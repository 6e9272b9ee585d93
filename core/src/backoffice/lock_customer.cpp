#include "artshop/core/backoffice/lock_customer.hpp"

#include "artshop/core/backoffice/unlock_customer.hpp"
#include "artshop/core/staff/staff_services.hpp"
#include "artshop/core/text.hpp"

namespace artshop {

Result<CustomerRow> LockCustomer::operator()(const LockCustomerCommand& command) {
  if (auto allowed = require_permission(command.actor, StaffPermission::LockCustomers); !allowed) {
    return std::unexpected(allowed.error());
  }
  ValidationErrors errors;
  std::optional<std::string> reason;
  if (command.reason && !text::trim(*command.reason).empty()) {
    reason = read_reason(command.reason, "reason", errors);
  }
  if (!errors.empty()) return std::unexpected(Error::validation(std::move(errors)));
  const auto now = std::chrono::floor<std::chrono::seconds>(clock_.now());
  return transactions_.write([&](Ports::Scope& tx) -> Result<CustomerRow> {
    auto& records = tx.get<CustomerRecords>();
    auto row = records.find(command.customer);
    if (!row) return std::unexpected(no_such_customer());
    // Every login ends, also when the account was locked already: a token issued meanwhile
    // (none can be, but a lock is the moment to be sure) goes too.
    tx.get<RefreshTokenRepository>().revoke_user_sessions(command.customer, {}, now);
    if (row->locked_at) return std::move(*row);
    records.set_locked(command.customer, now);
    row->locked_at = now;
    auto record =
        customer_audit(command.actor, command.address, "customer.lock", command.customer, now);
    record.before = audit_values({{"locked", "false"}});
    record.after = audit_values({{"locked", "true"}, {"reason", reason.value_or("")}});
    tx.get<AuditLog>().append(record);
    return std::move(*row);
  });
}

Result<CustomerRow> UnlockCustomer::operator()(const StaffActor& actor, UserId customer,
                                               const std::string& address) {
  if (auto allowed = require_permission(actor, StaffPermission::LockCustomers); !allowed) {
    return std::unexpected(allowed.error());
  }
  const auto now = std::chrono::floor<std::chrono::seconds>(clock_.now());
  return transactions_.write([&](Ports::Scope& tx) -> Result<CustomerRow> {
    auto& records = tx.get<CustomerRecords>();
    auto row = records.find(customer);
    if (!row) return std::unexpected(no_such_customer());
    if (!row->locked_at) return std::move(*row);
    records.set_locked(customer, std::nullopt);
    row->locked_at.reset();
    auto record = customer_audit(actor, address, "customer.unlock", customer, now);
    record.before = audit_values({{"locked", "true"}});
    record.after = audit_values({{"locked", "false"}});
    tx.get<AuditLog>().append(record);
    return std::move(*row);
  });
}

}  // namespace artshop
