#include "artshop/sql/customer_records.hpp"

#include <fmt/format.h>

#include "row_values.hpp"

namespace artshop::sql {
namespace {

constexpr std::string_view kCustomerColumns =
    "SELECT a.id, a.email, a.first_name, a.last_name, a.created_at, a.locked_at, "
    "coalesce(b.balance_micro_eur, 0), a.billing_country, a.billing_state, a.billing_city, "
    "a.billing_address1, a.billing_zip_code "
    "FROM accounts a LEFT JOIN customer_balances b ON b.account_id = a.id ";

CustomerRow customer_from_row(const Statement& row) {
  return {.id = UserId{row.column_int(0)},
          .email = row.column_text(1),
          .first_name = row.column_text(2),
          .last_name = row.column_text(3),
          .created_at = from_epoch(row.column_int(4)),
          .locked_at = from_optional_epoch(row.column_optional_int(5)),
          .balance_micro_eur = row.column_int(6),
          .billing = {.country = row.column_text(7),
                      .state = row.column_text(8),
                      .city = row.column_text(9),
                      .address1 = row.column_text(10),
                      .zip_code = row.column_text(11)}};
}

// The e-mail holds the text anywhere, or a name starts with it. E-mails are stored in lower
// case and the text comes lower-cased, so only the names need lower().
constexpr std::string_view kMatches =
    "WHERE (a.email LIKE ?1 ESCAPE '\\' OR lower(a.first_name) LIKE ?2 ESCAPE '\\' "
    "OR lower(a.last_name) LIKE ?2 ESCAPE '\\') ";

constexpr std::string_view kAdjustmentColumns =
    "SELECT id, account_id, staff_id, staff_email, direction, amount_eur_cents, reason, at, "
    "idempotency_key, balance_after_micro_eur FROM balance_adjustments ";

BalanceAdjustment adjustment_from_row(const Statement& row) {
  return {
      .id = BalanceAdjustmentId{row.column_int(0)},
      .customer = UserId{row.column_int(1)},
      .staff = UserId{row.column_int(2)},
      .staff_email = row.column_text(3),
      .direction = decode(parse_adjustment_direction, row, 4, "balance_adjustments", "direction"),
      .amount_eur_cents = row.column_int(5),
      .reason = row.column_text(6),
      .at = from_epoch(row.column_int(7)),
      .idempotency_key = row.column_text(8),
      .balance_after_micro_eur = row.column_int(9)};
}

}  // namespace

CustomerPage SqlCustomerRecords::search(const CustomerQuery& query) {
  const std::string_view where = query.text ? kMatches : std::string_view();
  const auto bind_text = [&](Statement& statement) {
    if (!query.text) return;
    statement.bind(1, contains_pattern(*query.text)).bind(2, prefix_pattern(*query.text));
  };
  CustomerPage page;
  auto count = db_.prepare(fmt::format("SELECT count(*) FROM accounts a {}", where));
  bind_text(count);
  count.step();
  page.total = count.column_int(0);
  const int first = query.text ? 3 : 1;
  auto rows = db_.prepare(
      fmt::format("{}{} ORDER BY {} LIMIT ?{} OFFSET ?{}", kCustomerColumns, where,
                  query.sort == CustomerSort::Email ? "a.email" : "a.created_at DESC, a.id DESC",
                  first, first + 1));
  bind_text(rows);
  rows.bind(first, query.limit).bind(first + 1, query.offset);
  page.items = all_rows(rows, customer_from_row);
  return page;
}

std::optional<CustomerRow> SqlCustomerRecords::find(UserId customer) {
  auto row = db_.prepare(std::string(kCustomerColumns) + "WHERE a.id = ?1");
  row.bind(1, customer.value);
  return first_row(row, customer_from_row);
}

bool SqlCustomerRecords::set_locked(UserId customer, std::optional<std::chrono::sys_seconds> at) {
  db_.prepare("UPDATE accounts SET locked_at = ?2 WHERE id = ?1")
      .bind(1, customer.value)
      .bind(2, optional_epoch(at))
      .run();
  return db_.changes() == 1;
}

std::vector<CustomerSession> SqlCustomerRecords::live_sessions(UserId customer,
                                                               std::chrono::sys_seconds now) {
  // A login is its family of refresh tokens: reuse of a rotated one revokes all of them, so a
  // live family has no revoked token, and its newest token says until when it lasts.
  auto rows = db_.prepare(
      "SELECT family, min(issued_at), max(issued_at), max(expires_at) FROM refresh_tokens "
      "WHERE account_id = ?1 AND revoked_at IS NULL GROUP BY family "
      "HAVING max(expires_at) > ?2 ORDER BY max(issued_at) DESC, family");
  rows.bind(1, customer.value).bind(2, epoch(now));
  return all_rows(rows, [](const Statement& row) {
    return CustomerSession{.family = row.column_text(0),
                           .signed_in_at = from_epoch(row.column_int(1)),
                           .last_used_at = from_epoch(row.column_int(2)),
                           .expires_at = from_epoch(row.column_int(3))};
  });
}

std::vector<CustomerTicket> SqlCustomerRecords::tickets(UserId customer, std::string_view email) {
  auto rows = db_.prepare(
      "SELECT id, reference, type, description, created_at, status FROM support_tickets "
      "WHERE account_id = ?1 OR email = ?2 ORDER BY created_at DESC, id DESC");
  rows.bind(1, customer.value).bind(2, email);
  return all_rows(rows, [](const Statement& row) {
    return CustomerTicket{.id = row.column_int(0),
                          .reference = row.column_text(1),
                          .type = row.column_text(2),
                          .description = row.column_text(3),
                          .created_at = from_epoch(row.column_int(4)),
                          .status = row.column_text(5)};
  });
}

CustomerLedgerPage SqlCustomerRecords::ledger(UserId customer, int offset, int limit) {
  CustomerLedgerPage page;
  auto count = db_.prepare("SELECT count(*) FROM ledger_entries WHERE account_id = ?1");
  count.bind(1, customer.value);
  count.step();
  page.total = count.column_int(0);
  auto balance =
      db_.prepare("SELECT balance_micro_eur FROM customer_balances WHERE account_id = ?1");
  balance.bind(1, customer.value);
  const std::int64_t present = balance.step() ? balance.column_int(0) : 0;
  // Each entry with what the entries newer than it moved: the balance right after it is the
  // present one less that. The window runs newest first, so a page reads the entries up to
  // its own and no further, whatever the length of the customer's history.
  auto rows = db_.prepare(
      "SELECT posting, created_at, signed, "
      "CAST(coalesce(sum(signed) OVER (ORDER BY id DESC ROWS BETWEEN UNBOUNDED PRECEDING "
      "AND 1 PRECEDING), 0) AS BIGINT) "
      "FROM (SELECT id, posting, created_at, "
      "CASE side WHEN 'Credit' THEN amount_micro_eur ELSE -amount_micro_eur END AS signed "
      "FROM ledger_entries WHERE account_id = ?1) entries "
      "ORDER BY id DESC LIMIT ?2 OFFSET ?3");
  rows.bind(1, customer.value).bind(2, limit).bind(3, offset);
  page.items = all_rows(rows, [present](const Statement& row) {
    return CustomerLedgerLine{.reference = row.column_text(0),
                              .at = from_epoch(row.column_int(1)),
                              .amount_micro_eur = row.column_int(2),
                              .balance_after_micro_eur = present - row.column_int(3)};
  });
  return page;
}

BalanceAdjustmentId SqlCustomerRecords::insert_adjustment(const BalanceAdjustment& adjustment) {
  auto statement = db_.prepare(
      "INSERT INTO balance_adjustments (account_id, staff_id, staff_email, direction, "
      "amount_eur_cents, reason, at, idempotency_key, balance_after_micro_eur) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) RETURNING id");
  statement.bind(1, adjustment.customer.value)
      .bind(2, adjustment.staff.value)
      .bind(3, adjustment.staff_email)
      .bind(4, name_of(adjustment.direction))
      .bind(5, adjustment.amount_eur_cents)
      .bind(6, adjustment.reason)
      .bind(7, epoch(adjustment.at))
      .bind(8, adjustment.idempotency_key)
      .bind(9, adjustment.balance_after_micro_eur);
  statement.step();
  return BalanceAdjustmentId{statement.column_int(0)};
}

std::optional<BalanceAdjustment> SqlCustomerRecords::find_adjustment(BalanceAdjustmentId id) {
  auto row = db_.prepare(std::string(kAdjustmentColumns) + "WHERE id = ?1");
  row.bind(1, id.value);
  return first_row(row, adjustment_from_row);
}

std::optional<BalanceAdjustment> SqlCustomerRecords::find_adjustment_by_key(UserId staff,
                                                                            std::string_view key) {
  auto row =
      db_.prepare(std::string(kAdjustmentColumns) + "WHERE staff_id = ?1 AND idempotency_key = ?2");
  row.bind(1, staff.value).bind(2, key);
  return first_row(row, adjustment_from_row);
}

}  // namespace artshop::sql
