#pragma once

#include "artshop/core/backoffice/customer_records.hpp"
#include "artshop/sql/connection.hpp"

namespace artshop::sql {

// The back office's customers and balance adjustments over one connection, inside the
// transaction a unit of work opened on it.
class SqlCustomerRecords final : public CustomerRecords {
 public:
  explicit SqlCustomerRecords(Connection& connection) noexcept : db_(connection) {}

  CustomerPage search(const CustomerQuery& query) override;
  std::optional<CustomerRow> find(UserId customer) override;
  bool set_locked(UserId customer, std::optional<std::chrono::sys_seconds> at) override;
  std::vector<CustomerSession> live_sessions(UserId customer,
                                             std::chrono::sys_seconds now) override;
  std::vector<CustomerTicket> tickets(UserId customer, std::string_view email) override;
  CustomerLedgerPage ledger(UserId customer, int offset, int limit) override;

  BalanceAdjustmentId insert_adjustment(const BalanceAdjustment& adjustment) override;
  std::optional<BalanceAdjustment> find_adjustment(BalanceAdjustmentId id) override;
  std::optional<BalanceAdjustment> find_adjustment_by_key(UserId staff,
                                                          std::string_view key) override;

 private:
  Connection& db_;
};

}  // namespace artshop::sql
