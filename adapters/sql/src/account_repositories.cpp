#include "artshop/sql/account_repositories.hpp"

#include "row_values.hpp"

namespace artshop::sql {
namespace {

using std::chrono::sys_seconds;

constexpr std::string_view kAccountColumns =
    "SELECT id, email, password_hash, first_name, last_name, billing_country, billing_state, "
    "billing_city, billing_address1, billing_zip_code, created_at, locked_at FROM accounts ";

std::optional<Account> read_account(Statement& row) {
  if (!row.step()) return std::nullopt;
  return Account{.id = UserId{row.column_int(0)},
                 .email = row.column_text(1),
                 .password_hash = row.column_text(2),
                 .first_name = row.column_text(3),
                 .last_name = row.column_text(4),
                 .billing = {.country = row.column_text(5),
                             .state = row.column_text(6),
                             .city = row.column_text(7),
                             .address1 = row.column_text(8),
                             .zip_code = row.column_text(9)},
                 .created_at = from_epoch(row.column_int(10)),
                 .locked_at = from_optional_epoch(row.column_optional_int(11))};
}

}  // namespace

std::optional<Account> SqlAccountRepository::find_by_email(std::string_view normalized_email) {
  auto row = db_.prepare(std::string(kAccountColumns) + "WHERE email = ?1");
  row.bind(1, normalized_email);
  return read_account(row);
}

std::optional<Account> SqlAccountRepository::find_by_id(UserId id) {
  auto row = db_.prepare(std::string(kAccountColumns) + "WHERE id = ?1");
  row.bind(1, id.value);
  return read_account(row);
}

std::optional<UserId> SqlAccountRepository::insert(std::string_view normalized_email,
                                                   std::string_view password_hash,
                                                   sys_seconds created_at) {
  auto statement = db_.prepare(
      "INSERT INTO accounts (email, password_hash, created_at) VALUES (?1, ?2, ?3) "
      "ON CONFLICT (email) DO NOTHING RETURNING id");
  statement.bind(1, normalized_email).bind(2, password_hash).bind(3, epoch(created_at));
  if (!statement.step()) return std::nullopt;
  return UserId{statement.column_int(0)};
}

void SqlAccountRepository::update_password_hash(UserId id, std::string_view password_hash) {
  db_.prepare("UPDATE accounts SET password_hash = ?2 WHERE id = ?1")
      .bind(1, id.value)
      .bind(2, password_hash)
      .run();
}

void SqlAccountRepository::update_names(UserId id, std::string_view first_name,
                                        std::string_view last_name) {
  db_.prepare("UPDATE accounts SET first_name = ?2, last_name = ?3 WHERE id = ?1")
      .bind(1, id.value)
      .bind(2, first_name)
      .bind(3, last_name)
      .run();
}

void SqlAccountRepository::update_billing(UserId id, const BillingAddress& billing) {
  db_.prepare(
         "UPDATE accounts SET billing_country = ?2, billing_state = ?3, billing_city = ?4, "
         "billing_address1 = ?5, billing_zip_code = ?6 WHERE id = ?1")
      .bind(1, id.value)
      .bind(2, billing.country)
      .bind(3, billing.state)
      .bind(4, billing.city)
      .bind(5, billing.address1)
      .bind(6, billing.zip_code)
      .run();
}

void SqlRefreshTokenRepository::insert(const RefreshTokenRecord& record, sys_seconds issued_at) {
  db_.prepare(
         "INSERT INTO refresh_tokens (token_digest, account_id, family, issued_at, expires_at) "
         "VALUES (?1, ?2, ?3, ?4, ?5)")
      .bind(1, record.token_digest)
      .bind(2, record.user.value)
      .bind(3, record.family)
      .bind(4, epoch(issued_at))
      .bind(5, epoch(record.expires_at))
      .run();
}

std::optional<RefreshTokenRecord> SqlRefreshTokenRepository::find(std::string_view token_digest) {
  auto row = db_.prepare(
      "SELECT account_id, family, expires_at, rotated_at, revoked_at, successor_digest, "
      "successor_sealed FROM refresh_tokens WHERE token_digest = ?1");
  row.bind(1, token_digest);
  if (!row.step()) return std::nullopt;
  return RefreshTokenRecord{.token_digest = std::string(token_digest),
                            .user = UserId{row.column_int(0)},
                            .family = row.column_text(1),
                            .expires_at = from_epoch(row.column_int(2)),
                            .rotated = !row.is_null(3),
                            .revoked = !row.is_null(4),
                            .rotated_at = from_epoch(row.column_optional_int(3).value_or(0)),
                            .successor_digest = row.column_text(5),
                            .successor_sealed = row.column_text(6)};
}

bool SqlRefreshTokenRepository::mark_rotated(std::string_view token_digest,
                                             const RefreshSuccessor& successor, sys_seconds at) {
  db_.prepare(
         "UPDATE refresh_tokens SET rotated_at = ?2, successor_digest = ?3, "
         "successor_sealed = ?4 "
         "WHERE token_digest = ?1 AND rotated_at IS NULL AND revoked_at IS NULL")
      .bind(1, token_digest)
      .bind(2, epoch(at))
      .bind(3, successor.digest)
      .bind(4, successor.sealed.empty() ? std::nullopt : std::optional(successor.sealed))
      .run();
  return db_.changes() == 1;
}

void SqlRefreshTokenRepository::revoke_family(std::string_view family, sys_seconds at) {
  db_.prepare(
         "UPDATE refresh_tokens SET revoked_at = ?2, successor_sealed = NULL "
         "WHERE family = ?1 AND revoked_at IS NULL")
      .bind(1, family)
      .bind(2, epoch(at))
      .run();
}

void SqlRefreshTokenRepository::revoke_user_sessions(UserId user, std::string_view keep_family,
                                                     sys_seconds at) {
  db_.prepare(
         "UPDATE refresh_tokens SET revoked_at = ?3, successor_sealed = NULL "
         "WHERE account_id = ?1 AND family <> ?2 AND revoked_at IS NULL")
      .bind(1, user.value)
      .bind(2, keep_family)
      .bind(3, epoch(at))
      .run();
}

bool SqlRefreshTokenRepository::session_is_live(UserId user, std::string_view family) {
  // Runs on every signed-in call: the family index finds the login's few tokens, and the
  // account's key whether staff locked it (its tokens were revoked then too; this is the
  // second lock on the door).
  auto row = db_.prepare(
      "SELECT 1 FROM refresh_tokens "
      "WHERE family = ?1 AND account_id = ?2 AND revoked_at IS NULL "
      "AND NOT EXISTS (SELECT 1 FROM accounts WHERE id = ?2 AND locked_at IS NOT NULL) LIMIT 1");
  row.bind(1, family).bind(2, user.value);
  return row.step();
}

int SqlRefreshTokenRepository::forget_successors(sys_seconds rotated_before) {
  // The partial index holds only the rows that still keep a successor: a few seconds' worth.
  db_.prepare(
         "UPDATE refresh_tokens SET successor_sealed = NULL "
         "WHERE successor_sealed IS NOT NULL AND rotated_at < ?1")
      .bind(1, epoch(rotated_before))
      .run();
  return static_cast<int>(db_.changes());
}

void SqlResetCodeRepository::replace(const ResetCodeRecord& record) {
  db_.prepare(
         "INSERT INTO reset_codes (account_id, code_digest, expires_at, failed_attempts) "
         "VALUES (?1, ?2, ?3, ?4) ON CONFLICT (account_id) DO UPDATE SET "
         "code_digest = excluded.code_digest, expires_at = excluded.expires_at, "
         "failed_attempts = excluded.failed_attempts")
      .bind(1, record.user.value)
      .bind(2, record.code_digest)
      .bind(3, epoch(record.expires_at))
      .bind(4, record.failed_attempts)
      .run();
}

std::optional<ResetCodeRecord> SqlResetCodeRepository::find(UserId user) {
  auto row = db_.prepare(
      "SELECT code_digest, expires_at, failed_attempts FROM reset_codes WHERE account_id = ?1");
  row.bind(1, user.value);
  if (!row.step()) return std::nullopt;
  return ResetCodeRecord{.user = user,
                         .code_digest = row.column_text(0),
                         .expires_at = from_epoch(row.column_int(1)),
                         .failed_attempts = static_cast<int>(row.column_int(2))};
}

void SqlResetCodeRepository::record_failed_attempt(UserId user) {
  db_.prepare("UPDATE reset_codes SET failed_attempts = failed_attempts + 1 WHERE account_id = ?1")
      .bind(1, user.value)
      .run();
}

void SqlResetCodeRepository::remove(UserId user) {
  db_.prepare("DELETE FROM reset_codes WHERE account_id = ?1").bind(1, user.value).run();
}

int SqlRateLimitRepository::count_since(std::string_view bucket, sys_seconds since) {
  auto row = db_.prepare("SELECT count(*) FROM rate_limit_events WHERE bucket = ?1 AND at > ?2");
  row.bind(1, bucket).bind(2, epoch(since));
  row.step();
  return static_cast<int>(row.column_int(0));
}

std::optional<sys_seconds> SqlRateLimitRepository::oldest_since(std::string_view bucket,
                                                                sys_seconds since) {
  auto row = db_.prepare("SELECT min(at) FROM rate_limit_events WHERE bucket = ?1 AND at > ?2");
  row.bind(1, bucket).bind(2, epoch(since));
  if (!row.step() || row.is_null(0)) return std::nullopt;
  return from_epoch(row.column_int(0));
}

void SqlRateLimitRepository::add(std::string_view bucket, sys_seconds at) {
  db_.prepare("INSERT INTO rate_limit_events (bucket, at) VALUES (?1, ?2)")
      .bind(1, bucket)
      .bind(2, epoch(at))
      .run();
}

void SqlRateLimitRepository::prune(sys_seconds before) {
  db_.prepare("DELETE FROM rate_limit_events WHERE at <= ?1").bind(1, epoch(before)).run();
}

}  // namespace artshop::sql
