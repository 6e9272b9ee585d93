#include <fmt/format.h>

#include "artshop/sql/backoffice_repositories.hpp"
#include "payment_rows.hpp"
#include "row_values.hpp"

// The dashboard's figures are sums the database makes over the ledger (docs/back-office.md,
// "Dashboard"); the exports read pages after the last row's id, so that no page costs more
// than its own rows however far into the table it is.
namespace artshop::sql {
namespace {

constexpr std::int64_t kSecondsPerDay = 86'400;

// The posting reference's kind, as a number PostingKind reads (the order of the enumeration).
constexpr std::string_view kPostingKind =
    "CASE WHEN posting LIKE 'order:%' THEN 0 WHEN posting LIKE 'refund:%' THEN 1 "
    "WHEN posting LIKE 'refund-failed:%' THEN 2 WHEN posting LIKE 'deposit:%' THEN 3 ELSE 4 END";

// The rows of a dated page: `sql` numbers the last id ?1, the first second ?2, the end ?3 and
// the limit ?4.
template <class FromRow>
auto dated_page(Connection& db, std::string_view sql, std::int64_t after,
                std::chrono::sys_seconds from, std::chrono::sys_seconds until, int limit,
                FromRow from_row) {
  auto rows = db.prepare(sql);
  rows.bind(1, after).bind(2, epoch(from)).bind(3, epoch(until)).bind(4, limit);
  return all_rows(rows, from_row);
}

std::int64_t count_of(Statement& statement) {
  statement.step();
  return statement.column_int(0);
}

}  // namespace

std::vector<LedgerDaySum> SqlSalesReports::ledger_by_day(std::chrono::sys_days first,
                                                         std::chrono::sys_days end) {
  // PostgreSQL sums BIGINTs as NUMERIC: cast back, as SQLite's integer sum reads.
  auto rows =
      db_.prepare(fmt::format("SELECT created_at / {0} AS day, {1} AS kind, account_kind, side, "
                              "CAST(sum(amount_micro_eur) AS BIGINT) FROM ledger_entries "
                              "WHERE created_at >= ?1 AND created_at < ?2 "
                              "GROUP BY created_at / {0}, {1}, account_kind, side",
                              kSecondsPerDay, kPostingKind));
  rows.bind(1, epoch(std::chrono::sys_seconds(first)))
      .bind(2, epoch(std::chrono::sys_seconds(end)));
  return all_rows(rows, [](const Statement& row) {
    constexpr std::string_view kTable = "ledger_entries";
    return LedgerDaySum{
        .day = std::chrono::sys_days(std::chrono::days(row.column_int(0))),
        .posting = static_cast<PostingKind>(row.column_int(1)),
        .account = decode(parse_ledger_account_kind, row, 2, kTable, "account_kind"),
        .side = decode(parse_side, row, 3, kTable, "side"),
        .amount_micro_eur = row.column_int(4)};
  });
}

std::vector<StatusCount> SqlSalesReports::orders_by_status() {
  auto rows = db_.prepare(
      "SELECT payments.status, count(*) FROM orders JOIN payments ON payments.id = "
      "orders.payment_id GROUP BY payments.status ORDER BY payments.status");
  return all_rows(rows, [](const Statement& row) {
    return StatusCount{.status = decode(parse_payment_status, row, 0, "payments", "status"),
                       .count = row.column_int(1)};
  });
}

std::int64_t SqlSalesReports::accounts_created_since(std::chrono::sys_seconds since) {
  auto count = db_.prepare("SELECT count(*) FROM accounts WHERE created_at >= ?1");
  count.bind(1, epoch(since));
  return count_of(count);
}

std::int64_t SqlSalesReports::tickets_since(std::chrono::sys_seconds since) {
  auto count = db_.prepare("SELECT count(*) FROM support_tickets WHERE created_at >= ?1");
  count.bind(1, epoch(since));
  return count_of(count);
}

std::int64_t SqlSalesReports::open_tickets() {
  auto count = db_.prepare("SELECT count(*) FROM support_tickets WHERE status <> 'closed'");
  return count_of(count);
}

std::optional<std::chrono::sys_seconds> SqlSalesReports::oldest_open_ticket() {
  auto oldest = db_.prepare("SELECT min(created_at) FROM support_tickets WHERE status <> 'closed'");
  oldest.step();
  return from_optional_epoch(oldest.column_optional_int(0));
}

std::vector<OrderExportRow> SqlSalesReports::orders_after(OrderId after,
                                                          std::chrono::sys_seconds from,
                                                          std::chrono::sys_seconds until,
                                                          int limit) {
  return dated_page(
      db_,
      "SELECT orders.id, payments.reference, payments.created_at, accounts.email, "
      "payments.first_name, payments.last_name, payments.status, payments.currency, "
      "payments.amount_minor, payments.rate_scaled, orders.refunded_minor, orders.pay_by_balance "
      "FROM orders JOIN payments ON payments.id = orders.payment_id "
      "JOIN accounts ON accounts.id = payments.account_id "
      "WHERE orders.id > ?1 AND payments.created_at >= ?2 AND payments.created_at < ?3 "
      "ORDER BY orders.id LIMIT ?4",
      after.value, from, until, limit, [](const Statement& row) {
        constexpr std::string_view kTable = "payments";
        return OrderExportRow{
            .id = OrderId{row.column_int(0)},
            .reference = row.column_text(1),
            .created_at = from_epoch(row.column_int(2)),
            .email = row.column_text(3),
            .first_name = row.column_text(4),
            .last_name = row.column_text(5),
            .status = decode(parse_payment_status, row, 6, kTable, "status"),
            .total = Money(row.column_int(8), decode(parse_currency, row, 7, kTable, "currency")),
            .rate = Rate{row.column_int(9)},
            .refunded_minor = row.column_int(10),
            .pay_by_balance = row.column_int(11) != 0};
      });
}

std::vector<LedgerExportRow> SqlSalesReports::ledger_after(std::int64_t after,
                                                           std::chrono::sys_seconds from,
                                                           std::chrono::sys_seconds until,
                                                           int limit) {
  return dated_page(
      db_,
      "SELECT id, posting, created_at, account_kind, account_id, side, amount_micro_eur, "
      "original_minor, original_currency, rate_scaled FROM ledger_entries "
      "WHERE id > ?1 AND created_at >= ?2 AND created_at < ?3 ORDER BY id LIMIT ?4",
      after, from, until, limit, [](const Statement& row) {
        return LedgerExportRow{.id = row.column_int(0),
                               .posting = row.column_text(1),
                               .at = from_epoch(row.column_int(2)),
                               .entry = ledger_entry_from_row(row, 3)};
      });
}

std::vector<CustomerExportRow> SqlSalesReports::customers_after(UserId after, int limit) {
  auto rows = db_.prepare(
      "SELECT a.id, a.email, a.first_name, a.last_name, a.billing_country, a.created_at, "
      "a.locked_at, coalesce(b.balance_micro_eur, 0) FROM accounts a "
      "LEFT JOIN customer_balances b ON b.account_id = a.id WHERE a.id > ?1 ORDER BY a.id "
      "LIMIT ?2");
  rows.bind(1, after.value).bind(2, limit);
  return all_rows(rows, [](const Statement& row) {
    return CustomerExportRow{.id = UserId{row.column_int(0)},
                             .email = row.column_text(1),
                             .first_name = row.column_text(2),
                             .last_name = row.column_text(3),
                             .country = row.column_text(4),
                             .created_at = from_epoch(row.column_int(5)),
                             .locked_at = from_optional_epoch(row.column_optional_int(6)),
                             .balance_micro_eur = row.column_int(7)};
  });
}

}  // namespace artshop::sql
