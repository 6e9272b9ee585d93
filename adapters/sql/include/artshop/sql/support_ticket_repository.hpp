#pragma once

#include "artshop/core/support/repositories.hpp"
#include "artshop/sql/connection.hpp"

namespace artshop::sql {

// Support tickets over one connection, inside the transaction a unit of work opened on it.
class SqlSupportTicketRepository final : public SupportTicketRepository {
 public:
  explicit SqlSupportTicketRepository(Connection& connection) noexcept : db_(connection) {}
  std::optional<SupportTicketId> insert(const SupportTicket& ticket) override;
  std::optional<SupportTicket> find_by_reference(std::string_view reference) override;
  std::vector<SupportTicket> take_unqueued(std::chrono::sys_seconds since,
                                           std::chrono::sys_seconds now) override;
  std::optional<DeskTicket> find(SupportTicketId id) override;
  TicketPage search(const TicketQuery& query) override;
  std::vector<TicketMessage> messages(SupportTicketId id) override;
  TicketMessageId add_message(SupportTicketId id, const TicketMessage& message) override;
  void set_status(SupportTicketId id, TicketStatus status) override;
  void set_assignee(SupportTicketId id, std::optional<UserId> assignee) override;

 private:
  Connection& db_;
};

}  // namespace artshop::sql
