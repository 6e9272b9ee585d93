#pragma once

#include <chrono>
#include <optional>
#include <string_view>
#include <vector>

#include "artshop/core/support/ticket.hpp"

namespace artshop {

// Support tickets. Runs inside the transaction that handed it out.
class SupportTicketRepository {
 public:
  virtual ~SupportTicketRepository() = default;

  // Stores the ticket and assigns its id. Nullopt when the reference is already taken.
  virtual std::optional<SupportTicketId> insert(const SupportTicket& ticket) = 0;

  virtual std::optional<SupportTicket> find_by_reference(std::string_view reference) = 0;

  // The tickets created at or after `since` with a mail not yet queued (stored before the
  // mail outbox), oldest first, as they were; each such mail is recorded as queued at `now`.
  virtual std::vector<SupportTicket> take_unqueued(std::chrono::sys_seconds since,
                                                   std::chrono::sys_seconds now) = 0;
};

}  // namespace artshop
