#include "artshop/sql/mail_outbox.hpp"

#include <algorithm>

#include "row_values.hpp"

namespace artshop::sql {

using std::chrono::sys_seconds;

void SqlMailOutbox::enqueue(const EmailMessage& message, sys_seconds now, std::string_view about) {
  db_.prepare(
         "INSERT INTO mail_outbox (recipient, subject, body, status, attempts, created_at, "
         "next_attempt_at, about) VALUES (?1, ?2, ?3, 'Pending', 0, ?4, ?4, ?5)")
      .bind(1, message.to)
      .bind(2, message.subject)
      .bind(3, message.text_body)
      .bind(4, epoch(now))
      .bind(5, about)
      .run();
}

std::vector<OutboxMail> SqlMailOutbox::claim_due(sys_seconds now, sys_seconds claimed_until,
                                                 int limit) {
  // One statement: two senders claiming at once cannot both take a mail, whatever the
  // isolation. The inner query walks the partial index of pending mails.
  auto rows = db_.prepare(
      "UPDATE mail_outbox SET next_attempt_at = ?2 WHERE id IN ("
      "SELECT id FROM mail_outbox WHERE status = 'Pending' AND next_attempt_at <= ?1 "
      "ORDER BY next_attempt_at, id LIMIT ?3) "
      "RETURNING id, recipient, subject, body, attempts, created_at");
  rows.bind(1, epoch(now)).bind(2, epoch(claimed_until)).bind(3, limit);
  auto claimed = all_rows(rows, [](const Statement& row) {
    return OutboxMail{.id = OutboxMailId{row.column_int(0)},
                      .message = {.to = row.column_text(1),
                                  .subject = row.column_text(2),
                                  .text_body = row.column_text(3),
                                  .delivery_key = {}},
                      .attempts = static_cast<int>(row.column_int(4)),
                      .created_at = from_epoch(row.column_int(5))};
  });
  // RETURNING promises no order; mails go out in the order they were queued.
  std::ranges::sort(claimed, {}, [](const OutboxMail& mail) { return mail.id; });
  return claimed;
}

void SqlMailOutbox::mark_sent(OutboxMailId id) {
  // A mail about an order stays for its page, without its body (it may hold gift-card
  // numbers); any other leaves.
  db_.prepare("UPDATE mail_outbox SET status = 'Sent', body = '' WHERE id = ?1 AND about <> ''")
      .bind(1, id.value)
      .run();
  db_.prepare("DELETE FROM mail_outbox WHERE id = ?1 AND about = ''").bind(1, id.value).run();
}

void SqlMailOutbox::reschedule(OutboxMailId id, int attempts, sys_seconds next_attempt_at,
                               std::string_view error) {
  db_.prepare(
         "UPDATE mail_outbox SET attempts = ?2, next_attempt_at = ?3, last_error = ?4 "
         "WHERE id = ?1 AND status = 'Pending'")
      .bind(1, id.value)
      .bind(2, attempts)
      .bind(3, epoch(next_attempt_at))
      .bind(4, error)
      .run();
}

void SqlMailOutbox::mark_dead(OutboxMailId id, int attempts, std::string_view error) {
  // The body goes: it may hold a reset code or gift-card numbers, and nobody sends it now.
  db_.prepare(
         "UPDATE mail_outbox SET status = 'Dead', attempts = ?2, last_error = ?3, body = '' "
         "WHERE id = ?1 AND status = 'Pending'")
      .bind(1, id.value)
      .bind(2, attempts)
      .bind(3, error)
      .run();
}

MailOutboxCounts SqlMailOutbox::counts() {
  auto rows = db_.prepare(
      "SELECT status, count(*) FROM mail_outbox WHERE status <> 'Sent' GROUP BY status");
  MailOutboxCounts counts;
  while (rows.step()) {
    const auto status = rows.column_text(0);
    (status == "Dead" ? counts.dead : counts.pending) = rows.column_int(1);
  }
  return counts;
}

}  // namespace artshop::sql
