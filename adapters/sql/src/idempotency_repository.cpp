#include "artshop/sql/order_repositories.hpp"
#include "row_values.hpp"

namespace artshop::sql {

using std::chrono::sys_seconds;

std::optional<IdempotencyRecord> SqlIdempotencyRepository::find(UserId user, std::string_view key,
                                                                sys_seconds since) {
  auto row = db_.prepare(
      "SELECT request_hash, status, response, created_at FROM idempotency_keys "
      "WHERE account_id = ?1 AND key = ?2 AND created_at > ?3");
  row.bind(1, user.value).bind(2, key).bind(3, epoch(since));
  if (!row.step()) return std::nullopt;
  return IdempotencyRecord{.user = user,
                           .key = std::string(key),
                           .request_hash = row.column_text(0),
                           .status = static_cast<int>(row.column_int(1)),
                           .response = row.column_text(2),
                           .created_at = from_epoch(row.column_int(3))};
}

bool SqlIdempotencyRepository::insert(const IdempotencyRecord& record) {
  db_.prepare(
         "INSERT INTO idempotency_keys (account_id, key, request_hash, status, response, "
         "created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (account_id, key) DO NOTHING")
      .bind(1, record.user.value)
      .bind(2, record.key)
      .bind(3, record.request_hash)
      .bind(4, record.status)
      .bind(5, record.response)
      .bind(6, epoch(record.created_at))
      .run();
  return db_.changes() == 1;
}

bool SqlIdempotencyRepository::complete(const IdempotencyRecord& record) {
  db_.prepare(
         "UPDATE idempotency_keys SET status = ?4, response = ?5 "
         "WHERE account_id = ?1 AND key = ?2 AND created_at = ?3")
      .bind(1, record.user.value)
      .bind(2, record.key)
      .bind(3, epoch(record.created_at))
      .bind(4, record.status)
      .bind(5, record.response)
      .run();
  return db_.changes() == 1;
}

void SqlIdempotencyRepository::remove(UserId user, std::string_view key) {
  db_.prepare("DELETE FROM idempotency_keys WHERE account_id = ?1 AND key = ?2")
      .bind(1, user.value)
      .bind(2, key)
      .run();
}

void SqlIdempotencyRepository::prune(sys_seconds before) {
  db_.prepare("DELETE FROM idempotency_keys WHERE created_at < ?1").bind(1, epoch(before)).run();
}

}  // namespace artshop::sql
