#pragma once

#include <chrono>
#include <optional>
#include <string_view>
#include <vector>

#include "artshop/core/support/ticket.hpp"

namespace artshop {

// Support tickets and the state of their two mails. Runs inside the transaction that handed
// it out.
//
// Whoever sends a ticket's mails claims them first, until a given time, so that the request
// that stored a ticket and a retry running at the same moment (in this process or another
// app server) never both send them. A claim that outlives its sender (a crash) simply expires.
class SupportTicketRepository {
 public:
  virtual ~SupportTicketRepository() = default;

  // Stores the ticket, its mails claimed by the caller until `mails_claimed_until`, and
  // assigns its id. Nullopt when the reference is already taken.
  virtual std::optional<SupportTicketId> insert(const SupportTicket& ticket,
                                                std::chrono::sys_seconds mails_claimed_until) = 0;

  virtual std::optional<SupportTicket> find_by_reference(std::string_view reference) = 0;

  // Claims, oldest first, at most `limit` tickets created at or after `since` with a mail not
  // yet sent and no live claim at `now`; each stays claimed until `claimed_until`.
  virtual std::vector<SupportTicket> claim_unsent(std::chrono::sys_seconds since,
                                                  std::chrono::sys_seconds now,
                                                  std::chrono::sys_seconds claimed_until,
                                                  int limit) = 0;

  // Records the mails that went out (a time already recorded is kept) and releases the claim.
  virtual void record_mails(SupportTicketId id,
                            std::optional<std::chrono::sys_seconds> confirmation_sent_at,
                            std::optional<std::chrono::sys_seconds> notice_sent_at) = 0;
};

}  // namespace artshop
