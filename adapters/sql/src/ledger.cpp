#include "artshop/sql/order_repositories.hpp"
#include "payment_rows.hpp"
#include "row_values.hpp"

namespace artshop::sql {
namespace {

constexpr std::string_view kTable = "ledger_entries";

}  // namespace

LedgerEntry ledger_entry_from_row(const Statement& row, int first) {
  const auto kind = decode(parse_ledger_account_kind, row, first, kTable, "account_kind");
  return {.account = {kind, UserId{row.column_optional_int(first + 1).value_or(0)}},
          .side = decode(parse_side, row, first + 2, kTable, "side"),
          .amount_micro_eur = row.column_int(first + 3),
          .original = Money(row.column_int(first + 4),
                            decode(parse_currency, row, first + 5, kTable, "original_currency")),
          .rate = Rate{row.column_int(first + 6)}};
}

void SqlLedger::post(const Posting& posting) {
  auto entry = db_.prepare(
      "INSERT INTO ledger_entries (posting, account_kind, account_id, side, amount_micro_eur, "
      "original_minor, original_currency, rate_scaled, created_at) VALUES (?1, ?2, ?3, ?4, ?5, "
      "?6, ?7, ?8, ?9)");
  for (const auto& e : posting.entries()) {
    entry.bind(1, posting.reference()).bind(2, name(e.account.kind));
    if (e.account.kind == LedgerAccountKind::CustomerBalance) {
      entry.bind(3, e.account.user.value);
    } else {
      entry.bind_null(3);
    }
    entry.bind(4, name(e.side))
        .bind(5, e.amount_micro_eur)
        .bind(6, e.original.minor_units())
        .bind(7, code(e.original.currency()))
        .bind(8, e.rate.scaled)
        .bind(9, epoch(posting.at()))
        .run();
    entry.reset();
  }
}

std::int64_t SqlLedger::customer_balance(UserId user) {
  // The running figure the schema's trigger keeps beside the entries: one row of this customer
  // alone, where a sum over their entries would make other customers' orders conflict with
  // this one under SERIALIZABLE (docs/ledger.md, "Balances"). No row: nothing was ever posted.
  auto row = db_.prepare("SELECT balance_micro_eur FROM customer_balances WHERE account_id = ?1");
  row.bind(1, user.value);
  return row.step() ? row.column_int(0) : 0;
}

std::vector<LedgerEntry> SqlLedger::entries(std::string_view reference) {
  auto rows = db_.prepare(
      "SELECT account_kind, account_id, side, amount_micro_eur, original_minor, "
      "original_currency, rate_scaled FROM ledger_entries WHERE posting = ?1 ORDER BY id");
  rows.bind(1, reference);
  std::vector<LedgerEntry> found;
  while (rows.step()) found.push_back(ledger_entry_from_row(rows, 0));
  return found;
}

}  // namespace artshop::sql
