#pragma once

#include <optional>
#include <string>
#include <vector>

#include "artshop/core/backoffice/customer_desk.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/mail_outbox.hpp"
#include "artshop/core/ports/transactions.hpp"
#include "artshop/core/staff/repositories.hpp"
#include "artshop/core/support/conversation.hpp"
#include "artshop/core/support/repositories.hpp"

// The support desk (docs/back-office.md, "Support desk"): staff read tickets, answer them,
// keep notes, assign, close and reopen. Every use case needs answer_tickets, and writes its
// audit record on "ticket:<id>" in the transaction of its effect.
namespace artshop {

// GET /api/admin/tickets, as sent.
struct ListTicketsQuery {
  std::optional<std::string> status;
  std::optional<std::string> type;
  std::optional<std::string> assignee;  // "me", "none" or a member's id
  std::optional<std::string> query;     // a reference or (a part of) an e-mail
  std::optional<std::string> sort;      // "-createdAt" (default), "createdAt", "-lastMessageAt"
  std::optional<std::string> page;
  std::optional<std::string> page_size;
};

struct TicketList {
  std::vector<DeskTicket> items;
  std::int64_t total = 0;
  PageRequest page;
};

class ListTickets {
 public:
  using Ports = Transactions<SupportTicketRepository>;

  explicit ListTickets(Ports transactions) : transactions_(std::move(transactions)) {}
  Result<TicketList> operator()(const StaffActor& actor, const ListTicketsQuery& query);

 private:
  Ports transactions_;
};

// GET /api/admin/tickets/{id}: the ticket and every message, notes too.
class GetTicketForStaff {
 public:
  using Ports = Transactions<SupportTicketRepository>;

  explicit GetTicketForStaff(Ports transactions) : transactions_(std::move(transactions)) {}
  Result<TicketConversation> operator()(const StaffActor& actor, SupportTicketId ticket);

 private:
  Ports transactions_;
};

// Where the reply mail sends the customer: the shop's address, and the signer of a visitor's
// link.
struct TicketReplyMailing {
  const std::string& shop_url;  // settled once the server listens
  const VisitorTicketLinks& links;
};

struct AnswerTicketCommand {
  StaffActor actor;
  SupportTicketId ticket;
  std::optional<std::string> body;
  bool internal = false;
  std::string address;
};

// POST /api/admin/tickets/{id}/messages. A reply waits for the customer and is mailed to the
// ticket's address through the outbox ("Re: your request AS-..."), with the link to answer: a
// signed one for a visitor, the account's ticket page for a customer. A note (internal) is
// kept for staff only and changes nothing else. Audit ticket.reply or ticket.note with the
// body's length, never the body.
class AnswerTicket {
 public:
  using Ports = Transactions<SupportTicketRepository, MailOutbox, AuditLog>;

  AnswerTicket(Ports transactions, const Clock& clock, TicketReplyMailing mailing)
      : transactions_(std::move(transactions)), clock_(clock), mailing_(std::move(mailing)) {}
  Result<TicketMessage> operator()(const AnswerTicketCommand& command);

 private:
  Ports transactions_;
  const Clock& clock_;
  TicketReplyMailing mailing_;
};

struct AssignTicketCommand {
  StaffActor actor;
  SupportTicketId ticket;
  std::optional<UserId> assignee;  // nobody: unassigned
  std::string address;
};

// POST /api/admin/tickets/{id}/assign: to a staff member whose role answers tickets (and who
// is not suspended), or to nobody. Audit ticket.assign with the assignee before and after.
class AssignTicket {
 public:
  using Ports = Transactions<SupportTicketRepository, StaffRepository, AuditLog>;

  AssignTicket(Ports transactions, const Clock& clock)
      : transactions_(std::move(transactions)), clock_(clock) {}
  Result<DeskTicket> operator()(const AssignTicketCommand& command);

 private:
  Ports transactions_;
  const Clock& clock_;
};

// POST /api/admin/tickets/{id}/close and .../reopen (open again). Closing a closed ticket, or
// reopening one that is not closed, changes nothing and writes no record.
class ChangeTicketStatus {
 public:
  using Ports = Transactions<SupportTicketRepository, AuditLog>;

  ChangeTicketStatus(Ports transactions, const Clock& clock)
      : transactions_(std::move(transactions)), clock_(clock) {}
  Result<DeskTicket> close(const StaffActor& actor, SupportTicketId ticket,
                           const std::string& address);
  Result<DeskTicket> reopen(const StaffActor& actor, SupportTicketId ticket,
                            const std::string& address);

 private:
  Result<DeskTicket> change(const StaffActor& actor, SupportTicketId ticket,
                            const std::string& address, bool closing);

  Ports transactions_;
  const Clock& clock_;
};

}  // namespace artshop
