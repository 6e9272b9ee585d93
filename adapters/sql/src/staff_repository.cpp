#include <string>

#include "artshop/sql/staff_repositories.hpp"
#include "row_values.hpp"

namespace artshop::sql {
namespace {

using std::chrono::sys_seconds;

constexpr std::string_view kSelectMember =
    "SELECT s.account_id, a.email, s.role, s.status, s.created_at, s.last_sign_in_at "
    "FROM staff s JOIN accounts a ON a.id = s.account_id ";

StaffMember member_from_row(const Statement& row) {
  return {.id = UserId{row.column_int(0)},
          .email = row.column_text(1),
          .role = decode(parse_staff_role, row, 2, "staff", "role"),
          .status = decode(parse_staff_status, row, 3, "staff", "status"),
          .created_at = from_epoch(row.column_int(4)),
          .last_sign_in_at = from_optional_epoch(row.column_optional_int(5))};
}

std::optional<std::uint64_t> optional_step(std::optional<std::int64_t> step) {
  if (!step) return std::nullopt;
  return static_cast<std::uint64_t>(*step);
}

std::optional<std::int64_t> stored_step(std::optional<std::uint64_t> step) {
  if (!step) return std::nullopt;
  return static_cast<std::int64_t>(*step);
}

}  // namespace

bool SqlStaffRepository::insert(UserId member, StaffRole role, StaffStatus status,
                                sys_seconds created_at) {
  auto statement = db_.prepare(
      "INSERT INTO staff (account_id, role, status, created_at) VALUES (?1, ?2, ?3, ?4) "
      "ON CONFLICT (account_id) DO NOTHING RETURNING account_id");
  statement.bind(1, member.value)
      .bind(2, name_of(role))
      .bind(3, name_of(status))
      .bind(4, epoch(created_at));
  return statement.step();
}

std::optional<StaffMember> SqlStaffRepository::find(UserId member) {
  auto row = db_.prepare(std::string(kSelectMember) + "WHERE s.account_id = ?1");
  row.bind(1, member.value);
  return first_row(row, member_from_row);
}

std::vector<StaffMember> SqlStaffRepository::list() {
  auto rows = db_.prepare(std::string(kSelectMember) + "ORDER BY a.email");
  return all_rows(rows, member_from_row);
}

void SqlStaffRepository::update(UserId member, StaffRole role, StaffStatus status) {
  db_.prepare("UPDATE staff SET role = ?2, status = ?3 WHERE account_id = ?1")
      .bind(1, member.value)
      .bind(2, name_of(role))
      .bind(3, name_of(status))
      .run();
}

void SqlStaffRepository::record_sign_in(UserId member, sys_seconds at) {
  db_.prepare("UPDATE staff SET last_sign_in_at = ?2 WHERE account_id = ?1")
      .bind(1, member.value)
      .bind(2, epoch(at))
      .run();
}

int SqlStaffRepository::count_active_owners() {
  auto row = db_.prepare("SELECT count(*) FROM staff WHERE role = 'owner' AND status = 'active'");
  row.step();
  return static_cast<int>(row.column_int(0));
}

std::optional<StaffSecondFactor> SqlStaffRepository::second_factor(UserId member) {
  auto row = db_.prepare(
      "SELECT secret_sealed, last_used_step FROM staff_second_factors WHERE account_id = ?1");
  row.bind(1, member.value);
  return first_row(row, [&](const Statement& r) {
    return StaffSecondFactor{.member = member,
                             .sealed_secret = r.column_text(0),
                             .last_used_step = optional_step(r.column_optional_int(1))};
  });
}

void SqlStaffRepository::replace_second_factor(const StaffSecondFactor& factor,
                                               const std::vector<std::string>& digests) {
  remove_second_factor(factor.member);
  db_.prepare(
         "INSERT INTO staff_second_factors (account_id, secret_sealed, last_used_step) "
         "VALUES (?1, ?2, ?3)")
      .bind(1, factor.member.value)
      .bind(2, factor.sealed_secret)
      .bind(3, stored_step(factor.last_used_step))
      .run();
  auto insert = db_.prepare(
      "INSERT INTO staff_recovery_codes (account_id, code_digest) VALUES (?1, ?2) "
      "ON CONFLICT (account_id, code_digest) DO NOTHING");
  for (const auto& digest : digests) {
    insert.reset();
    insert.bind(1, factor.member.value).bind(2, digest).run();
  }
}

bool SqlStaffRepository::advance_step(UserId member, std::uint64_t step) {
  // One statement: of two sign-ins with the same code, only the first moves the step.
  auto statement = db_.prepare(
      "UPDATE staff_second_factors SET last_used_step = ?2 "
      "WHERE account_id = ?1 AND (last_used_step IS NULL OR last_used_step < ?2) "
      "RETURNING account_id");
  statement.bind(1, member.value).bind(2, static_cast<std::int64_t>(step));
  return statement.step();
}

bool SqlStaffRepository::use_recovery_code(UserId member, std::string_view code_digest) {
  auto statement = db_.prepare(
      "DELETE FROM staff_recovery_codes WHERE account_id = ?1 AND code_digest = ?2 "
      "RETURNING account_id");
  statement.bind(1, member.value).bind(2, code_digest);
  return statement.step();
}

void SqlStaffRepository::remove_second_factor(UserId member) {
  db_.prepare("DELETE FROM staff_recovery_codes WHERE account_id = ?1").bind(1, member.value).run();
  db_.prepare("DELETE FROM staff_second_factors WHERE account_id = ?1").bind(1, member.value).run();
}

void SqlStaffRepository::replace_setup_link(const StaffSetupLink& link) {
  remove_setup_links(link.member);
  db_.prepare(
         "INSERT INTO staff_setup_links (token_digest, account_id, expires_at, secret_sealed) "
         "VALUES (?1, ?2, ?3, ?4)")
      .bind(1, link.token_digest)
      .bind(2, link.member.value)
      .bind(3, epoch(link.expires_at))
      .bind(4, link.sealed_secret.empty() ? std::nullopt : std::optional(link.sealed_secret))
      .run();
}

std::optional<StaffSetupLink> SqlStaffRepository::find_setup_link(std::string_view token_digest) {
  auto row = db_.prepare(
      "SELECT token_digest, account_id, expires_at, secret_sealed FROM staff_setup_links "
      "WHERE token_digest = ?1");
  row.bind(1, token_digest);
  return first_row(row, [](const Statement& r) {
    return StaffSetupLink{.token_digest = r.column_text(0),
                          .member = UserId{r.column_int(1)},
                          .expires_at = from_epoch(r.column_int(2)),
                          .sealed_secret = r.column_optional_text(3).value_or("")};
  });
}

bool SqlStaffRepository::keep_setup_secret(std::string_view token_digest, std::string_view sealed) {
  auto statement = db_.prepare(
      "UPDATE staff_setup_links SET secret_sealed = ?2 "
      "WHERE token_digest = ?1 AND secret_sealed IS NULL RETURNING token_digest");
  statement.bind(1, token_digest).bind(2, sealed);
  return statement.step();
}

void SqlStaffRepository::remove_setup_links(UserId member) {
  db_.prepare("DELETE FROM staff_setup_links WHERE account_id = ?1").bind(1, member.value).run();
}

void SqlStaffRepository::insert_session(const StaffSession& session) {
  db_.prepare(
         "INSERT INTO staff_sessions (token_digest, account_id, created_at, last_seen_at, "
         "expires_at, address) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
      .bind(1, session.token_digest)
      .bind(2, session.member.value)
      .bind(3, epoch(session.created_at))
      .bind(4, epoch(session.last_seen_at))
      .bind(5, epoch(session.expires_at))
      .bind(6, session.address)
      .run();
}

std::optional<StaffSession> SqlStaffRepository::find_session(std::string_view token_digest) {
  auto row = db_.prepare(
      "SELECT token_digest, account_id, created_at, last_seen_at, expires_at, address "
      "FROM staff_sessions WHERE token_digest = ?1");
  row.bind(1, token_digest);
  return first_row(row, [](const Statement& r) {
    return StaffSession{.token_digest = r.column_text(0),
                        .member = UserId{r.column_int(1)},
                        .created_at = from_epoch(r.column_int(2)),
                        .last_seen_at = from_epoch(r.column_int(3)),
                        .expires_at = from_epoch(r.column_int(4)),
                        .address = r.column_text(5)};
  });
}

void SqlStaffRepository::touch_session(std::string_view token_digest, sys_seconds at) {
  db_.prepare("UPDATE staff_sessions SET last_seen_at = ?2 WHERE token_digest = ?1")
      .bind(1, token_digest)
      .bind(2, epoch(at))
      .run();
}

void SqlStaffRepository::end_session(std::string_view token_digest) {
  db_.prepare("DELETE FROM staff_sessions WHERE token_digest = ?1").bind(1, token_digest).run();
}

void SqlStaffRepository::end_sessions(UserId member) {
  db_.prepare("DELETE FROM staff_sessions WHERE account_id = ?1").bind(1, member.value).run();
}

}  // namespace artshop::sql
