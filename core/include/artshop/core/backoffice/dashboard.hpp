#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "artshop/core/backoffice/sales_reports.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/transactions.hpp"
#include "artshop/core/staff/staff_member.hpp"

namespace artshop {

// The money of one period, in micro-euros, every figure from the ledger's postings
// (docs/back-office.md, "Dashboard" says which accounts make each one).
struct PeriodFigures {
  std::int64_t pictures = 0;          // SalesRevenue credited by orders
  std::int64_t gift_cards = 0;        // GiftCardsOutstanding credited by orders
  std::int64_t generated_images = 0;  // GenerationRevenue credited
  std::int64_t refunds = 0;   // SalesRevenue and GiftCardsOutstanding debited by refunds, less
                              // what refunds the provider refused put back
  std::int64_t deposits = 0;  // CustomerBalance credited by deposits: money held, not revenue
  std::int64_t new_customers = 0;
  std::int64_t tickets = 0;

  std::int64_t revenue() const noexcept { return pictures + gift_cards + generated_images; }
  std::int64_t net() const noexcept { return revenue() - refunds; }
};

struct DailyRevenue {
  std::chrono::sys_days day;
  std::int64_t net_micro_eur = 0;  // the day's revenue less its refunds
};

struct Dashboard {
  std::chrono::sys_seconds now;
  std::chrono::sys_days today;  // UTC
  PeriodFigures today_figures;
  PeriodFigures last_7_days;   // today and the six days before
  PeriodFigures last_30_days;  // today and the 29 days before
  std::vector<StatusCount> orders_by_status;
  // Tickets not closed, and the oldest one's time.
  std::int64_t open_tickets = 0;
  std::optional<std::chrono::sys_seconds> oldest_open_ticket;
  std::vector<DailyRevenue> daily;  // 90 days, the oldest first, today last
};

inline constexpr int kDashboardDays = 90;

// Sums one day's ledger rows into the figures of a period.
void add_to_figures(PeriodFigures& figures, const LedgerDaySum& sum);

// GET /api/admin/dashboard (view_dashboard): the sales at a glance.
class ShowDashboard {
 public:
  using Ports = Transactions<SalesReports>;

  ShowDashboard(Ports transactions, const Clock& clock)
      : transactions_(std::move(transactions)), clock_(clock) {}
  Result<Dashboard> operator()(const StaffActor& actor);

 private:
  Ports transactions_;
  const Clock& clock_;
};

}  // namespace artshop
