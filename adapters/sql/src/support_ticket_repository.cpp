#include "artshop/sql/support_ticket_repository.hpp"

#include <fmt/format.h>

#include <string>

#include "artshop/core/text.hpp"
#include "row_values.hpp"

namespace artshop::sql {
namespace {

using std::chrono::sys_seconds;

constexpr std::string_view kColumns =
    "SELECT t.id, t.reference, t.account_id, t.email, t.name, t.type, t.description, "
    "t.client_address, t.created_at, t.confirmation_sent_at, t.notice_sent_at, t.status, "
    "t.assignee_id ";
// The desk's rows: with the assignee's e-mail and the last message's time.
constexpr std::string_view kDeskFrom =
    "FROM support_tickets t LEFT JOIN accounts a ON a.id = t.assignee_id ";
// Every filter of TicketQuery, each NULL (or 0) when not asked for.
constexpr std::string_view kDeskWhere =
    "WHERE (CAST(?1 AS TEXT) IS NULL OR t.status = ?1) "
    "AND (CAST(?2 AS TEXT) IS NULL OR t.type = ?2) "
    "AND (?3 = 0 OR t.assignee_id IS NULL) "
    "AND (CAST(?4 AS BIGINT) IS NULL OR t.assignee_id = ?4) "
    "AND (CAST(?5 AS TEXT) IS NULL OR t.reference = ?5 OR t.email LIKE ?6 ESCAPE '\\') "
    "AND (CAST(?7 AS BIGINT) IS NULL OR t.account_id = ?7) ";

std::string select_tickets(std::string_view rest) {
  return fmt::format("{}FROM support_tickets t {}", kColumns, rest);
}

std::optional<UserId> optional_user(std::optional<std::int64_t> id) {
  if (!id) return std::nullopt;
  return UserId{*id};
}

SupportTicket ticket_from_row(const Statement& row) {
  return {.id = SupportTicketId{row.column_int(0)},
          .reference = row.column_text(1),
          .account = optional_user(row.column_optional_int(2)),
          .email = row.column_text(3),
          .name = row.column_text(4),
          .type = decode(parse_support_ticket_type, row, 5, "support_tickets", "type"),
          .description = row.column_text(6),
          .client_address = row.column_text(7),
          .created_at = from_epoch(row.column_int(8)),
          .confirmation_sent_at = from_optional_epoch(row.column_optional_int(9)),
          .notice_sent_at = from_optional_epoch(row.column_optional_int(10)),
          .status = decode(parse_ticket_status, row, 11, "support_tickets", "status"),
          .assignee = optional_user(row.column_optional_int(12))};
}

DeskTicket desk_ticket_from_row(const Statement& row) {
  return {.ticket = ticket_from_row(row),
          .assignee_email = row.column_optional_text(13).value_or(""),
          .last_message_at = from_epoch(row.column_int(14))};
}

std::string_view order_of(TicketSort sort) {
  switch (sort) {
    case TicketSort::OldestFirst:
      return "ORDER BY t.created_at, t.id ";
    case TicketSort::LastMessageFirst:
      return "ORDER BY t.last_message_at DESC, t.id DESC ";
    case TicketSort::NewestFirst:
      break;
  }
  return "ORDER BY t.created_at DESC, t.id DESC ";
}

std::optional<std::int64_t> id_or_null(const std::optional<UserId>& id) {
  if (!id) return std::nullopt;
  return id->value;
}

}  // namespace

std::optional<SupportTicketId> SqlSupportTicketRepository::insert(const SupportTicket& ticket) {
  auto statement = db_.prepare(
      "INSERT INTO support_tickets (reference, account_id, email, name, type, description, "
      "client_address, created_at, confirmation_sent_at, notice_sent_at, status, assignee_id, "
      "last_message_at) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?8) "
      "ON CONFLICT (reference) DO NOTHING RETURNING id");
  statement.bind(1, ticket.reference)
      .bind(2, id_or_null(ticket.account))
      .bind(3, ticket.email)
      .bind(4, ticket.name)
      .bind(5, name(ticket.type))
      .bind(6, ticket.description)
      .bind(7, ticket.client_address)
      .bind(8, epoch(ticket.created_at))
      .bind(9, optional_epoch(ticket.confirmation_sent_at))
      .bind(10, optional_epoch(ticket.notice_sent_at))
      .bind(11, name_of(ticket.status))
      .bind(12, id_or_null(ticket.assignee));
  if (!statement.step()) return std::nullopt;
  const SupportTicketId id{statement.column_int(0)};
  add_message(
      id, {.at = ticket.created_at, .author = TicketAuthor::Customer, .body = ticket.description});
  return id;
}

std::optional<SupportTicket> SqlSupportTicketRepository::find_by_reference(
    std::string_view reference) {
  auto row = db_.prepare(select_tickets("WHERE t.reference = ?1"));
  row.bind(1, reference);
  return first_row(row, ticket_from_row);
}

std::vector<SupportTicket> SqlSupportTicketRepository::take_unqueued(sys_seconds since,
                                                                     sys_seconds now) {
  // The condition repeats the partial index's, so the query walks only unsent tickets.
  auto rows = db_.prepare(
      select_tickets("WHERE (t.confirmation_sent_at IS NULL OR t.notice_sent_at IS NULL) "
                     "AND t.created_at >= ?1 ORDER BY t.created_at, t.id"));
  rows.bind(1, epoch(since));
  auto unqueued = all_rows(rows, ticket_from_row);
  db_.prepare(
         "UPDATE support_tickets SET "
         "confirmation_sent_at = coalesce(confirmation_sent_at, ?2), "
         "notice_sent_at = coalesce(notice_sent_at, ?2) "
         "WHERE (confirmation_sent_at IS NULL OR notice_sent_at IS NULL) AND created_at >= ?1")
      .bind(1, epoch(since))
      .bind(2, epoch(now))
      .run();
  return unqueued;
}

std::optional<DeskTicket> SqlSupportTicketRepository::find(SupportTicketId id) {
  auto row = db_.prepare(
      fmt::format("{}, a.email, t.last_message_at {} WHERE t.id = ?1", kColumns, kDeskFrom));
  row.bind(1, id.value);
  return first_row(row, desk_ticket_from_row);
}

TicketPage SqlSupportTicketRepository::search(const TicketQuery& query) {
  const auto bind_query = [&](Statement& statement) {
    std::optional<std::string> reference;
    std::optional<std::string> email;
    if (query.text) {
      reference = text::to_upper_ascii(*query.text);
      email = contains_pattern(text::to_lower_ascii(*query.text));
    }
    statement
        .bind(1, query.status ? std::optional(std::string(name_of(*query.status))) : std::nullopt)
        .bind(2, query.type ? std::optional(std::string(name(*query.type))) : std::nullopt)
        .bind(3, query.unassigned ? 1 : 0)
        .bind(4, id_or_null(query.assignee))
        .bind(5, reference)
        .bind(6, email)
        .bind(7, id_or_null(query.account));
  };
  TicketPage page;
  auto count = db_.prepare(fmt::format("SELECT count(*) {}{}", kDeskFrom, kDeskWhere));
  bind_query(count);
  count.step();
  page.total = count.column_int(0);
  auto rows = db_.prepare(fmt::format("{}, a.email, t.last_message_at {}{}{}LIMIT ?8 OFFSET ?9",
                                      kColumns, kDeskFrom, kDeskWhere, order_of(query.sort)));
  bind_query(rows);
  rows.bind(8, query.limit).bind(9, query.offset);
  page.items = all_rows(rows, desk_ticket_from_row);
  return page;
}

std::vector<TicketMessage> SqlSupportTicketRepository::messages(SupportTicketId id) {
  auto rows = db_.prepare(
      "SELECT m.id, m.at, m.author, m.staff_id, a.email, m.body, m.internal "
      "FROM support_ticket_messages m LEFT JOIN accounts a ON a.id = m.staff_id "
      "WHERE m.ticket_id = ?1 ORDER BY m.at, m.id");
  rows.bind(1, id.value);
  return all_rows(rows, [](const Statement& row) {
    return TicketMessage{
        .id = TicketMessageId{row.column_int(0)},
        .at = from_epoch(row.column_int(1)),
        .author = row.column_text(2) == "staff" ? TicketAuthor::Staff : TicketAuthor::Customer,
        .staff = optional_user(row.column_optional_int(3)),
        .staff_email = row.column_optional_text(4).value_or(""),
        .body = row.column_text(5),
        .internal = row.column_int(6) != 0};
  });
}

TicketMessageId SqlSupportTicketRepository::add_message(SupportTicketId id,
                                                        const TicketMessage& message) {
  auto statement = db_.prepare(
      "INSERT INTO support_ticket_messages (ticket_id, at, author, staff_id, body, internal) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6) RETURNING id");
  statement.bind(1, id.value)
      .bind(2, epoch(message.at))
      .bind(3, name_of(message.author))
      .bind(4, id_or_null(message.staff))
      .bind(5, message.body)
      .bind(6, message.internal ? 1 : 0);
  statement.step();
  const TicketMessageId added{statement.column_int(0)};
  // A note is a message too: the desk's order is by the conversation's last move.
  db_.prepare(
         "UPDATE support_tickets SET last_message_at = ?2 "
         "WHERE id = ?1 AND last_message_at < ?2")
      .bind(1, id.value)
      .bind(2, epoch(message.at))
      .run();
  return added;
}

void SqlSupportTicketRepository::set_status(SupportTicketId id, TicketStatus status) {
  db_.prepare("UPDATE support_tickets SET status = ?2 WHERE id = ?1")
      .bind(1, id.value)
      .bind(2, name_of(status))
      .run();
}

void SqlSupportTicketRepository::set_assignee(SupportTicketId id, std::optional<UserId> assignee) {
  db_.prepare("UPDATE support_tickets SET assignee_id = ?2 WHERE id = ?1")
      .bind(1, id.value)
      .bind(2, id_or_null(assignee))
      .run();
}

}  // namespace artshop::sql
