#include "artshop/core/backoffice/support_desk.hpp"

#include <fmt/format.h>

#include <charconv>

#include "artshop/core/staff/staff_services.hpp"
#include "artshop/core/text.hpp"

namespace artshop {
namespace {

Result<void> may_answer(const StaffActor& actor) {
  return require_permission(actor, StaffPermission::AnswerTickets);
}

AuditRecord ticket_audit(const StaffActor& actor, std::string_view address, std::string_view action,
                         SupportTicketId ticket, std::chrono::sys_seconds at) {
  auto record = staff_audit(actor, address, action, actor.id, at);
  record.object = fmt::format("ticket:{}", ticket.value);
  return record;
}

// A member's id typed as digits.
std::optional<UserId> typed_member(std::string_view text) {
  std::int64_t value = 0;
  const auto* end = text.data() + text.size();
  const auto [stop, problem] = std::from_chars(text.data(), end, value);
  if (text.empty() || problem != std::errc{} || stop != end || value <= 0) return std::nullopt;
  return UserId{value};
}

void read_assignee_filter(const std::optional<std::string>& sent, const StaffActor& actor,
                          TicketQuery& search, ValidationErrors& errors) {
  const auto typed = query_text(sent);
  if (!typed) return;
  if (*typed == "me") {
    search.assignee = actor.id;
  } else if (*typed == "none") {
    search.unassigned = true;
  } else if (const auto member = typed_member(*typed)) {
    search.assignee = member;
  } else {
    errors.add("Assignee", std::string(ticket_messages::kChooseAssignee));
  }
}

std::optional<TicketSort> parse_ticket_sort(std::string_view text) {
  if (text == "-createdAt") return TicketSort::NewestFirst;
  if (text == "createdAt") return TicketSort::OldestFirst;
  if (text == "-lastMessageAt") return TicketSort::LastMessageFirst;
  return std::nullopt;
}

EmailMessage reply_mail(const TicketReplyMailing& mailing, const SupportTicket& ticket,
                        std::string_view body, std::chrono::sys_seconds now) {
  std::string link;
  std::string link_note;
  if (ticket.account) {
    link = fmt::format("{}/support-requests/{}", mailing.shop_url, ticket.id.value);
    link_note = "Sign in to your Artshop account to read the whole conversation and answer:";
  } else {
    const auto token = mailing.links.token(ticket.id, now + kVisitorLinkLife);
    link = fmt::format("{}/support/tickets/{}?t={}", mailing.shop_url, ticket.id.value, token);
    link_note =
        fmt::format("Read the whole conversation and answer here (the link works for {} days):",
                    kVisitorLinkLife.count());
  }
  auto text = fmt::format("Artshop support answered your request {}:\n\n{}\n\n{}\n{}\n",
                          ticket.reference, body, link_note, link);
  return {.to = ticket.email,
          .subject = fmt::format("Re: your request {}", ticket.reference),
          .text_body = std::move(text)};
}

std::string assignee_name(const std::optional<UserId>& assignee, std::string_view email) {
  if (!assignee) return "none";
  return email.empty() ? fmt::format("staff:{}", assignee->value) : std::string(email);
}

}  // namespace

Result<TicketList> ListTickets::operator()(const StaffActor& actor, const ListTicketsQuery& query) {
  if (auto allowed = may_answer(actor); !allowed) return std::unexpected(allowed.error());
  ValidationErrors errors;
  TicketQuery search;
  if (const auto status = query_text(query.status)) {
    search.status = parse_ticket_status(*status);
    if (!search.status) errors.add("Status", std::string(ticket_messages::kChooseStatus));
  }
  if (const auto type = query_text(query.type)) {
    search.type = parse_support_ticket_type(*type);
    if (!search.type) errors.add("Type", std::string(ticket_messages::kChooseType));
  }
  read_assignee_filter(query.assignee, actor, search, errors);
  if (const auto sort = query_text(query.sort)) {
    const auto parsed = parse_ticket_sort(*sort);
    if (!parsed) errors.add("Sort", std::string(ticket_messages::kChooseSort));
    search.sort = parsed.value_or(TicketSort::NewestFirst);
  }
  const auto page = read_page_request(query.page, query.page_size, errors);
  if (!errors.empty()) return std::unexpected(Error::validation(std::move(errors)));
  // References are stored in upper case and e-mails in lower case: the store matches the text
  // against each in its own case.
  if (const auto text = query_text(query.query)) search.text = *text;
  search.offset = page.offset();
  search.limit = page.page_size;
  return transactions_.read([&](Ports::Scope& tx) -> Result<TicketList> {
    auto found = tx.get<SupportTicketRepository>().search(search);
    return TicketList{.items = std::move(found.items), .total = found.total, .page = page};
  });
}

Result<TicketConversation> GetTicketForStaff::operator()(const StaffActor& actor,
                                                         SupportTicketId ticket) {
  if (auto allowed = may_answer(actor); !allowed) return std::unexpected(allowed.error());
  return transactions_.read([&](Ports::Scope& tx) -> Result<TicketConversation> {
    auto& tickets = tx.get<SupportTicketRepository>();
    auto found = tickets.find(ticket);
    if (!found) return std::unexpected(no_such_ticket());
    return TicketConversation{.ticket = std::move(*found), .messages = tickets.messages(ticket)};
  });
}

Result<TicketMessage> AnswerTicket::operator()(const AnswerTicketCommand& command) {
  if (auto allowed = may_answer(command.actor); !allowed) return std::unexpected(allowed.error());
  ValidationErrors errors;
  const auto body = read_message_body(command.body, errors);
  if (!errors.empty()) return std::unexpected(Error::validation(std::move(errors)));
  const auto now = std::chrono::floor<std::chrono::seconds>(clock_.now());
  return transactions_.write([&](Ports::Scope& tx) -> Result<TicketMessage> {
    auto& tickets = tx.get<SupportTicketRepository>();
    const auto found = tickets.find(command.ticket);
    if (!found) return std::unexpected(no_such_ticket());
    TicketMessage message{.at = now,
                          .author = TicketAuthor::Staff,
                          .staff = command.actor.id,
                          .staff_email = command.actor.email,
                          .body = *body,
                          .internal = command.internal};
    message.id = tickets.add_message(command.ticket, message);
    const auto before = found->ticket.status;
    const auto after = status_after_staff_message(before, command.internal);
    if (after != before) tickets.set_status(command.ticket, after);
    if (!command.internal) {
      tx.get<MailOutbox>().enqueue(reply_mail(mailing_, found->ticket, *body, now), now,
                                   fmt::format("ticket:{}", command.ticket.value));
    }
    auto record =
        ticket_audit(command.actor, command.address,
                     command.internal ? "ticket.note" : "ticket.reply", command.ticket, now);
    // The trail says that an answer was written, not what it said: its length only.
    record.before = audit_values({{"status", name_of(before)}});
    const auto length = std::to_string(text::utf8_length(*body).value_or(0));
    record.after = audit_values({{"status", name_of(after)}, {"length", length}});
    tx.get<AuditLog>().append(record);
    return message;
  });
}

Result<DeskTicket> AssignTicket::operator()(const AssignTicketCommand& command) {
  if (auto allowed = may_answer(command.actor); !allowed) return std::unexpected(allowed.error());
  const auto now = std::chrono::floor<std::chrono::seconds>(clock_.now());
  return transactions_.write([&](Ports::Scope& tx) -> Result<DeskTicket> {
    auto& tickets = tx.get<SupportTicketRepository>();
    auto found = tickets.find(command.ticket);
    if (!found) return std::unexpected(no_such_ticket());
    std::string email;
    if (command.assignee) {
      const auto member = tx.get<StaffRepository>().find(*command.assignee);
      if (!member || member->status == StaffStatus::Suspended ||
          !role_permits(member->role, StaffPermission::AnswerTickets)) {
        return std::unexpected(
            Error::validation("staffId", std::string(ticket_messages::kNotAnAnswerer)));
      }
      email = member->email;
    }
    if (found->ticket.assignee == command.assignee) return std::move(*found);
    tickets.set_assignee(command.ticket, command.assignee);
    auto record =
        ticket_audit(command.actor, command.address, "ticket.assign", command.ticket, now);
    record.before =
        audit_values({{"assignee", assignee_name(found->ticket.assignee, found->assignee_email)}});
    record.after = audit_values({{"assignee", assignee_name(command.assignee, email)}});
    tx.get<AuditLog>().append(record);
    found->ticket.assignee = command.assignee;
    found->assignee_email = std::move(email);
    return std::move(*found);
  });
}

Result<DeskTicket> ChangeTicketStatus::close(const StaffActor& actor, SupportTicketId ticket,
                                             const std::string& address) {
  return change(actor, ticket, address, true);
}

Result<DeskTicket> ChangeTicketStatus::reopen(const StaffActor& actor, SupportTicketId ticket,
                                              const std::string& address) {
  return change(actor, ticket, address, false);
}

Result<DeskTicket> ChangeTicketStatus::change(const StaffActor& actor, SupportTicketId ticket,
                                              const std::string& address, bool closing) {
  if (auto allowed = may_answer(actor); !allowed) return std::unexpected(allowed.error());
  const auto now = std::chrono::floor<std::chrono::seconds>(clock_.now());
  return transactions_.write([&](Ports::Scope& tx) -> Result<DeskTicket> {
    auto& tickets = tx.get<SupportTicketRepository>();
    auto found = tickets.find(ticket);
    if (!found) return std::unexpected(no_such_ticket());
    const auto before = found->ticket.status;
    const bool closed = before == TicketStatus::Closed;
    if (closed == closing) return std::move(*found);
    const auto after = closing ? TicketStatus::Closed : TicketStatus::Open;
    tickets.set_status(ticket, after);
    auto record =
        ticket_audit(actor, address, closing ? "ticket.close" : "ticket.reopen", ticket, now);
    record.before = audit_values({{"status", name_of(before)}});
    record.after = audit_values({{"status", name_of(after)}});
    tx.get<AuditLog>().append(record);
    found->ticket.status = after;
    return std::move(*found);
  });
}

}  // namespace artshop
