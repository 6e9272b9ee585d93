#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "artshop/core/backoffice/sales_reports.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/transactions.hpp"
#include "artshop/core/staff/audit.hpp"
#include "artshop/core/staff/staff_member.hpp"

namespace artshop {

enum class ExportKind : std::uint8_t { Orders, Ledger, Customers };

// "orders", "ledger", "customers": the file's name and the audit action's ("export.orders").
std::string_view name_of(ExportKind kind) noexcept;

struct ExportQuery {
  ExportKind kind = ExportKind::Orders;
  std::optional<std::string> from;  // YYYY-MM-DD, inclusive, UTC; orders and ledger only
  std::optional<std::string> to;    // inclusive
  std::string address;              // the client's, for the audit trail
};

// Hands the file's bytes on as they are made; false when nobody takes them any more.
using CsvSink = std::function<bool(std::string_view bytes)>;

// A CSV file being exported: its name, and what writes it, a page of rows at a time, each page
// read in a transaction of its own, so that the export holds one page in memory and no
// transaction open while the client reads.
struct CsvExport {
  std::string filename;
  std::function<void(const CsvSink& sink)> write;
};

// The first lines of each export, for the docs and the tests.
inline constexpr std::string_view kOrdersCsvHeader =
    "id,reference,created_at,email,first_name,last_name,status,paid_from,currency,total,"
    "total_eur,refunded\r\n";
inline constexpr std::string_view kLedgerCsvHeader =
    "entry,posting,at,account,customer_id,side,amount_eur,original_amount,original_currency,"
    "rate\r\n";
inline constexpr std::string_view kCustomersCsvHeader =
    "id,email,first_name,last_name,country,created_at,locked_at,balance_eur\r\n";

// GET /api/admin/exports/{orders,ledger,customers}.csv (export_data): checks the permission and
// the dates, records `export.<kind>` in the audit trail, and answers the export to write.
class ExportData {
 public:
  using Ports = Transactions<SalesReports, AuditLog>;

  static constexpr int kDefaultPageRows = 500;

  ExportData(Ports transactions, const Clock& clock, int page_rows = kDefaultPageRows)
      : transactions_(std::move(transactions)), clock_(clock), page_rows_(page_rows) {}
  Result<CsvExport> operator()(const StaffActor& actor, const ExportQuery& query);

 private:
  Ports transactions_;
  const Clock& clock_;
  int page_rows_;
};

}  // namespace artshop
