#include "artshop/core/backoffice/exports.hpp"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <limits>

#include "artshop/core/csv.hpp"
#include "artshop/core/currency.hpp"
#include "artshop/core/staff/staff_services.hpp"
#include "artshop/core/validation.hpp"

namespace artshop {
namespace {

using std::chrono::sys_seconds;

std::string time_text(sys_seconds at) {
  return fmt::format("{:%Y-%m-%dT%H:%M:%SZ}", at);
}

// Micro-euros as euros, exactly: 12.50, 0.123456.
std::string eur_text(std::int64_t micro_eur) {
  return csv::decimal(micro_eur, 6, 2);
}

void append_order(std::string& out, const OrderExportRow& row) {
  const auto total_eur = to_micro_eur(row.total, row.rate);
  csv::append_record(
      out, {csv::value(std::to_string(row.id.value)), csv::value(row.reference),
            csv::value(time_text(row.created_at)), csv::text(row.email), csv::text(row.first_name),
            csv::text(row.last_name), csv::value(name(row.status)),
            csv::value(row.pay_by_balance ? "balance" : "provider"),
            csv::value(code(row.total.currency())), csv::value(row.total.amount_text()),
            csv::value(total_eur ? eur_text(*total_eur) : std::string()),
            csv::value(Money(row.refunded_minor, row.total.currency()).amount_text())});
}

void append_entry(std::string& out, const LedgerExportRow& row) {
  const auto& entry = row.entry;
  csv::append_record(
      out, {csv::value(std::to_string(row.id)), csv::text(row.posting),
            csv::value(time_text(row.at)), csv::value(name(entry.account.kind)),
            csv::value(entry.account.user.value != 0 ? std::to_string(entry.account.user.value)
                                                     : std::string()),
            csv::value(name(entry.side)), csv::value(eur_text(entry.amount_micro_eur)),
            csv::value(entry.original.amount_text()), csv::value(code(entry.original.currency())),
            csv::value(csv::decimal(entry.rate.scaled, 6, 0))});
}

void append_customer(std::string& out, const CustomerExportRow& row) {
  csv::append_record(out, {csv::value(std::to_string(row.id.value)), csv::text(row.email),
                           csv::text(row.first_name), csv::text(row.last_name),
                           csv::text(row.country), csv::value(time_text(row.created_at)),
                           csv::value(row.locked_at ? time_text(*row.locked_at) : std::string()),
                           csv::value(eur_text(row.balance_micro_eur))});
}

// Writes the header, then pages of rows: each page read in its own transaction after the last
// row of the one before, formatted, and handed to the sink before the next is read.
template <class Row, class Key, class Read, class Append, class KeyOf>
void write_pages(const ExportData::Ports& transactions, std::string_view header, Key start,
                 Read read, Append append, KeyOf key_of, const CsvSink& sink) {
  if (!sink(header)) return;
  Key after = start;
  std::string page;
  for (;;) {
    const auto rows =
        transactions.read([&](ExportData::Ports::Scope& tx) -> Result<std::vector<Row>> {
          return read(tx.get<SalesReports>(), after);
        });
    if (!rows) throw std::runtime_error("an export's page could not be read");
    if (rows->empty()) return;
    page.clear();
    for (const auto& row : *rows) append(page, row);
    if (!sink(page)) return;
    after = key_of(rows->back());
  }
}

}  // namespace

std::string_view name_of(ExportKind kind) noexcept {
  switch (kind) {
    case ExportKind::Orders:
      return "orders";
    case ExportKind::Ledger:
      return "ledger";
    case ExportKind::Customers:
      return "customers";
  }
  return "orders";
}

Result<CsvExport> ExportData::operator()(const StaffActor& actor, const ExportQuery& query) {
  if (auto allowed = require_permission(actor, StaffPermission::ExportData); !allowed) {
    return std::unexpected(allowed.error());
  }
  ValidationErrors errors;
  const auto from = read_query_date(query.from, "From", errors);
  const auto to = read_query_date(query.to, "To", errors);
  if (from && to && *to < *from) errors.add("To", "Must not be before From.");
  if (!errors.empty()) return std::unexpected(Error::validation(std::move(errors)));

  const auto kind = name_of(query.kind);
  const auto now = std::chrono::floor<std::chrono::seconds>(clock_.now());
  // Without dates, everything: from the first second to the last day that can be written.
  const sys_seconds since = from ? sys_seconds(*from) : sys_seconds{};
  const sys_seconds until =
      to ? sys_seconds(*to + std::chrono::days(1))
         : sys_seconds(std::chrono::seconds(std::numeric_limits<std::int32_t>::max()));
  std::string filename(kind);
  if (query.kind != ExportKind::Customers && (from || to)) {
    filename += fmt::format("-{}-to-{}", from ? fmt::format("{:%F}", *from) : "start",
                            to ? fmt::format("{:%F}", *to) : "now");
  }
  filename += ".csv";

  // The export is recorded before its first row is read: a read leaves nothing else behind
  // to record it with.
  auto record = staff_audit(actor, query.address, fmt::format("export.{}", kind), actor.id, now);
  record.object = fmt::format("export:{}", kind);
  if (query.kind != ExportKind::Customers) {
    record.after = audit_values({{"from", query.from.value_or("")}, {"to", query.to.value_or("")}});
  }
  if (auto recorded = transactions_.write([&](Ports::Scope& tx) -> Result<void> {
        tx.get<AuditLog>().append(record);
        return {};
      });
      !recorded) {
    return std::unexpected(recorded.error());
  }

  const int rows = page_rows_;
  CsvExport answer{.filename = std::move(filename), .write = {}};
  switch (query.kind) {
    case ExportKind::Orders:
      answer.write = [transactions = transactions_, rows, since, until](const CsvSink& sink) {
        write_pages<OrderExportRow>(
            transactions, kOrdersCsvHeader, OrderId{0},
            [&](SalesReports& reports, OrderId after) {
              return reports.orders_after(after, since, until, rows);
            },
            append_order, [](const OrderExportRow& row) { return row.id; }, sink);
      };
      break;
    case ExportKind::Ledger:
      answer.write = [transactions = transactions_, rows, since, until](const CsvSink& sink) {
        write_pages<LedgerExportRow>(
            transactions, kLedgerCsvHeader, std::int64_t{0},
            [&](SalesReports& reports, std::int64_t after) {
              return reports.ledger_after(after, since, until, rows);
            },
            append_entry, [](const LedgerExportRow& row) { return row.id; }, sink);
      };
      break;
    case ExportKind::Customers:
      answer.write = [transactions = transactions_, rows](const CsvSink& sink) {
        write_pages<CustomerExportRow>(
            transactions, kCustomersCsvHeader, UserId{0},
            [&](SalesReports& reports, UserId after) {
              return reports.customers_after(after, rows);
            },
            append_customer, [](const CustomerExportRow& row) { return row.id; }, sink);
      };
      break;
  }
  return answer;
}

}  // namespace artshop
