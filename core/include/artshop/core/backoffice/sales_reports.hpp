#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artshop/core/ids.hpp"
#include "artshop/core/money.hpp"
#include "artshop/core/orders/ledger.hpp"
#include "artshop/core/orders/order.hpp"
#include "artshop/core/orders/payment.hpp"

// What the dashboard and the exports read (docs/back-office.md, "Dashboard" and "Exports"):
// the ledger summed in the database, counts, and the rows of an export a page at a time, each
// page after the last row of the one before, so that an export of any size holds one page.
// Runs inside the transaction that handed it out.
namespace artshop {

// Which postings an entry belongs to: the reference's kind, "order" for "order:ord_...".
enum class PostingKind : std::uint8_t {
  Order,
  Refund,
  RefundFailed,
  Deposit,
  Other,  // every other kind: redemptions, late payments, adjustments, generated images...
};

// The kind of a posting's reference: Order for "order:...", RefundFailed for "refund-failed:...".
PostingKind posting_kind_of(std::string_view reference) noexcept;

// The entries of one UTC day, posting kind, account kind and side, summed.
struct LedgerDaySum {
  std::chrono::sys_days day;
  PostingKind posting = PostingKind::Other;
  LedgerAccountKind account = LedgerAccountKind::ProviderCash;
  Side side = Side::Debit;
  std::int64_t amount_micro_eur = 0;
  friend bool operator==(const LedgerDaySum&, const LedgerDaySum&) = default;
};

struct StatusCount {
  PaymentStatus status = PaymentStatus::Pending;
  std::int64_t count = 0;
  friend bool operator==(const StatusCount&, const StatusCount&) = default;
};

// An order as the orders export writes it.
struct OrderExportRow {
  OrderId id;
  std::string reference;
  std::chrono::sys_seconds created_at;
  std::string email;
  std::string first_name;
  std::string last_name;
  PaymentStatus status = PaymentStatus::Pending;
  Money total{0, Currency::EUR};
  Rate rate{Rate::kScale};
  std::int64_t refunded_minor = 0;
  bool pay_by_balance = false;
  friend bool operator==(const OrderExportRow&, const OrderExportRow&) = default;
};

// One ledger entry as the ledger export writes it.
struct LedgerExportRow {
  std::int64_t id = 0;  // increasing in the order entries were written
  std::string posting;
  std::chrono::sys_seconds at;
  LedgerEntry entry;
  friend bool operator==(const LedgerExportRow&, const LedgerExportRow&) = default;
};

// A customer as the customers export writes them.
struct CustomerExportRow {
  UserId id;
  std::string email;
  std::string first_name;
  std::string last_name;
  std::string country;
  std::chrono::sys_seconds created_at;
  std::optional<std::chrono::sys_seconds> locked_at;
  std::int64_t balance_micro_eur = 0;
  friend bool operator==(const CustomerExportRow&, const CustomerExportRow&) = default;
};

class SalesReports {
 public:
  virtual ~SalesReports() = default;

  // The ledger's entries written from `first` up to (not including) `end`, summed by UTC day,
  // posting kind, account kind and side (rows whose sum is zero are left out).
  virtual std::vector<LedgerDaySum> ledger_by_day(std::chrono::sys_days first,
                                                  std::chrono::sys_days end) = 0;
  // Orders by their payment's status (a status with no order is left out).
  virtual std::vector<StatusCount> orders_by_status() = 0;
  // Accounts created at `since` or later.
  virtual std::int64_t accounts_created_since(std::chrono::sys_seconds since) = 0;
  // Support tickets written at `since` or later.
  virtual std::int64_t tickets_since(std::chrono::sys_seconds since) = 0;
  // Tickets not closed (new, open or waiting for the customer), and the oldest one's time.
  virtual std::int64_t open_tickets() = 0;
  virtual std::optional<std::chrono::sys_seconds> oldest_open_ticket() = 0;

  // Up to `limit` rows with an id above `after`, by id, made from `from` up to `until`.
  virtual std::vector<OrderExportRow> orders_after(OrderId after, std::chrono::sys_seconds from,
                                                   std::chrono::sys_seconds until, int limit) = 0;
  virtual std::vector<LedgerExportRow> ledger_after(std::int64_t after,
                                                    std::chrono::sys_seconds from,
                                                    std::chrono::sys_seconds until, int limit) = 0;
  virtual std::vector<CustomerExportRow> customers_after(UserId after, int limit) = 0;
};

}  // namespace artshop
