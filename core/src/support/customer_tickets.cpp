#include "artshop/core/support/customer_tickets.hpp"

#include <algorithm>

namespace artshop {
namespace {

// The most a customer's list shows: far more tickets than anyone writes.
constexpr int kOwnTicketsShown = 100;

std::chrono::sys_seconds now_of(const Clock& clock) {
  return std::chrono::floor<std::chrono::seconds>(clock.now());
}

}  // namespace

Result<DeskTicket> CustomerTickets::open(SupportTicketRepository& tickets,
                                         const TicketReader& reader, SupportTicketId ticket,
                                         std::chrono::sys_seconds now) const {
  if (reader.customer) {
    auto found = tickets.find(ticket);
    if (!found || found->ticket.account != reader.customer) {
      return std::unexpected(no_such_ticket());
    }
    return std::move(*found);
  }
  // The link is checked before the ticket is looked up: an unknown ticket and a bad link get
  // the same answer.
  if (!links_.opens(ticket, reader.token, now)) return std::unexpected(bad_ticket_link());
  auto found = tickets.find(ticket);
  if (!found) return std::unexpected(bad_ticket_link());
  return std::move(*found);
}

Result<std::vector<DeskTicket>> CustomerTickets::list(UserId customer) {
  return transactions_.read([&](Ports::Scope& tx) -> Result<std::vector<DeskTicket>> {
    return tx.get<SupportTicketRepository>()
        .search({.account = customer, .limit = kOwnTicketsShown})
        .items;
  });
}

Result<TicketConversation> CustomerTickets::get(const TicketReader& reader,
                                                SupportTicketId ticket) {
  const auto now = now_of(clock_);
  return transactions_.read([&](Ports::Scope& tx) -> Result<TicketConversation> {
    auto& tickets = tx.get<SupportTicketRepository>();
    auto found = open(tickets, reader, ticket, now);
    if (!found) return std::unexpected(found.error());
    auto messages = tickets.messages(ticket);
    std::erase_if(messages, [](const TicketMessage& message) { return message.internal; });
    return TicketConversation{.ticket = std::move(*found), .messages = std::move(messages)};
  });
}

Result<TicketMessage> CustomerTickets::reply(const TicketReader& reader, SupportTicketId ticket,
                                             const std::optional<std::string>& body) {
  const auto now = now_of(clock_);
  return transactions_.write([&](Ports::Scope& tx) -> Result<TicketMessage> {
    auto& tickets = tx.get<SupportTicketRepository>();
    // Who may write is checked before what they wrote: a bad link is refused whatever its body.
    auto found = open(tickets, reader, ticket, now);
    if (!found) return std::unexpected(found.error());
    ValidationErrors errors;
    const auto text = read_message_body(body, errors);
    if (!errors.empty()) return std::unexpected(Error::validation(std::move(errors)));
    TicketMessage message{.at = now, .author = TicketAuthor::Customer, .body = *text};
    message.id = tickets.add_message(ticket, message);
    const auto status = status_after_customer_message(found->ticket.status);
    if (status != found->ticket.status) tickets.set_status(ticket, status);
    return message;
  });
}

}  // namespace artshop
