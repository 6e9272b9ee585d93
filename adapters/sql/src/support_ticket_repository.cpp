#include "artshop/sql/support_ticket_repository.hpp"

#include <string>

#include "row_values.hpp"

namespace artshop::sql {
namespace {

using std::chrono::sys_seconds;

constexpr std::string_view kSelect =
    "SELECT id, reference, account_id, email, name, type, description, client_address, "
    "created_at, confirmation_sent_at, notice_sent_at FROM support_tickets ";

SupportTicket ticket_from_row(const Statement& row) {
  std::optional<UserId> account;
  if (const auto id = row.column_optional_int(2)) account = UserId{*id};
  return {.id = SupportTicketId{row.column_int(0)},
          .reference = row.column_text(1),
          .account = account,
          .email = row.column_text(3),
          .name = row.column_text(4),
          .type = decode(parse_support_ticket_type, row, 5, "support_tickets", "type"),
          .description = row.column_text(6),
          .client_address = row.column_text(7),
          .created_at = from_epoch(row.column_int(8)),
          .confirmation_sent_at = from_optional_epoch(row.column_optional_int(9)),
          .notice_sent_at = from_optional_epoch(row.column_optional_int(10))};
}

}  // namespace

std::optional<SupportTicketId> SqlSupportTicketRepository::insert(const SupportTicket& ticket) {
  std::optional<std::int64_t> account;
  if (ticket.account) account = ticket.account->value;
  auto statement = db_.prepare(
      "INSERT INTO support_tickets (reference, account_id, email, name, type, description, "
      "client_address, created_at, confirmation_sent_at, notice_sent_at) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10) "
      "ON CONFLICT (reference) DO NOTHING RETURNING id");
  statement.bind(1, ticket.reference)
      .bind(2, account)
      .bind(3, ticket.email)
      .bind(4, ticket.name)
      .bind(5, name(ticket.type))
      .bind(6, ticket.description)
      .bind(7, ticket.client_address)
      .bind(8, epoch(ticket.created_at))
      .bind(9, optional_epoch(ticket.confirmation_sent_at))
      .bind(10, optional_epoch(ticket.notice_sent_at));
  if (!statement.step()) return std::nullopt;
  return SupportTicketId{statement.column_int(0)};
}

std::optional<SupportTicket> SqlSupportTicketRepository::find_by_reference(
    std::string_view reference) {
  auto row = db_.prepare(std::string(kSelect) + "WHERE reference = ?1");
  row.bind(1, reference);
  return first_row(row, ticket_from_row);
}

std::vector<SupportTicket> SqlSupportTicketRepository::take_unqueued(sys_seconds since,
                                                                     sys_seconds now) {
  // The condition repeats the partial index's, so the query walks only unsent tickets.
  auto rows = db_.prepare(std::string(kSelect) +
                          "WHERE (confirmation_sent_at IS NULL OR notice_sent_at IS NULL) "
                          "AND created_at >= ?1 ORDER BY created_at, id");
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

}  // namespace artshop::sql
