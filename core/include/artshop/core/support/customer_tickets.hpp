#pragma once

#include <optional>
#include <string>
#include <vector>

#include "artshop/core/error.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/transactions.hpp"
#include "artshop/core/support/conversation.hpp"
#include "artshop/core/support/repositories.hpp"

// A ticket's conversation as the customer who wrote it reads and answers it (docs/support.md,
// "The conversation"): signed in, their own tickets; a visitor, the one ticket their link names.
// Notes are never part of it.
namespace artshop {

// Who reads a conversation from the shop: a signed-in customer, or a visitor with the token of
// a reply mail's link.
struct TicketReader {
  std::optional<UserId> customer;
  std::string token;
};

class CustomerTickets {
 public:
  using Ports = Transactions<SupportTicketRepository>;

  CustomerTickets(Ports transactions, const Clock& clock, const VisitorTicketLinks& links)
      : transactions_(std::move(transactions)), clock_(clock), links_(links) {}

  // GET /api/support/tickets: the tickets written from the customer's account, newest first
  // (the newest 100).
  Result<std::vector<DeskTicket>> list(UserId customer);

  // GET /api/support/tickets/{id} and /api/support/visitor-tickets/{id}: another's ticket is
  // "No such ticket." to a customer, and any link that does not open its ticket "This link has
  // expired or is not valid." to a visitor.
  Result<TicketConversation> get(const TicketReader& reader, SupportTicketId ticket);

  // POST .../messages: the customer's answer opens the ticket (a closed one too).
  Result<TicketMessage> reply(const TicketReader& reader, SupportTicketId ticket,
                              const std::optional<std::string>& body);

 private:
  // The ticket if `reader` may read it, or the refusal they get.
  Result<DeskTicket> open(SupportTicketRepository& tickets, const TicketReader& reader,
                          SupportTicketId ticket, std::chrono::sys_seconds now) const;

  Ports transactions_;
  const Clock& clock_;
  const VisitorTicketLinks& links_;
};

}  // namespace artshop
