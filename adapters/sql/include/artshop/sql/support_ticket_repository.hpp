#pragma once

#include "artshop/core/support/repositories.hpp"
#include "artshop/sql/connection.hpp"

namespace artshop::sql {

// Support tickets over one connection, inside the transaction a unit of work opened on it.
class SqlSupportTicketRepository final : public SupportTicketRepository {
 public:
  explicit SqlSupportTicketRepository(Connection& connection) noexcept : db_(connection) {}
  std::optional<SupportTicketId> insert(const SupportTicket& ticket,
                                        std::chrono::sys_seconds mails_claimed_until) override;
  std::optional<SupportTicket> find_by_reference(std::string_view reference) override;
  std::vector<SupportTicket> claim_unsent(std::chrono::sys_seconds since,
                                          std::chrono::sys_seconds now,
                                          std::chrono::sys_seconds claimed_until,
                                          int limit) override;
  void record_mails(SupportTicketId id,
                    std::optional<std::chrono::sys_seconds> confirmation_sent_at,
                    std::optional<std::chrono::sys_seconds> notice_sent_at) override;

 private:
  Connection& db_;
};

}  // namespace artshop::sql
