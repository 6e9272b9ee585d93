#pragma once

#include <chrono>
#include <optional>
#include <string_view>
#include <vector>

#include "artshop/core/support/conversation.hpp"
#include "artshop/core/support/ticket.hpp"

namespace artshop {

// Support tickets. Runs inside the transaction that handed it out.
class SupportTicketRepository {
 public:
  virtual ~SupportTicketRepository() = default;

  // Stores the ticket and assigns its id, with its description as the conversation's first
  // message (the customer's, at its creation). Nullopt when the reference is already taken.
  virtual std::optional<SupportTicketId> insert(const SupportTicket& ticket) = 0;

  virtual std::optional<SupportTicket> find_by_reference(std::string_view reference) = 0;

  // The tickets created at or after `since` with a mail not yet queued (stored before the
  // mail outbox), oldest first, as they were; each such mail is recorded as queued at `now`.
  virtual std::vector<SupportTicket> take_unqueued(std::chrono::sys_seconds since,
                                                   std::chrono::sys_seconds now) = 0;

  // The conversations (docs/support.md, "The conversation").
  virtual std::optional<DeskTicket> find(SupportTicketId id) = 0;
  virtual TicketPage search(const TicketQuery& query) = 0;
  // Every message of the ticket, notes too, oldest first (by time, then id).
  virtual std::vector<TicketMessage> messages(SupportTicketId id) = 0;
  // Appends a message (its id and staff_email are the store's) and answers its id.
  virtual TicketMessageId add_message(SupportTicketId id, const TicketMessage& message) = 0;
  virtual void set_status(SupportTicketId id, TicketStatus status) = 0;
  virtual void set_assignee(SupportTicketId id, std::optional<UserId> assignee) = 0;
};

}  // namespace artshop
