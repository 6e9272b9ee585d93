#include "artshop/core/backoffice/dashboard.hpp"

#include "artshop/core/staff/staff_services.hpp"

namespace artshop {
namespace {

using std::chrono::days;
using std::chrono::sys_days;

bool is_sale(LedgerAccountKind account) noexcept {
  return account == LedgerAccountKind::SalesRevenue ||
         account == LedgerAccountKind::GiftCardsOutstanding;
}

}  // namespace

PostingKind posting_kind_of(std::string_view reference) noexcept {
  if (reference.starts_with("order:")) return PostingKind::Order;
  if (reference.starts_with("refund:")) return PostingKind::Refund;
  if (reference.starts_with("refund-failed:")) return PostingKind::RefundFailed;
  if (reference.starts_with("deposit:")) return PostingKind::Deposit;
  return PostingKind::Other;
}

void add_to_figures(PeriodFigures& figures, const LedgerDaySum& sum) {
  const auto amount = sum.amount_micro_eur;
  const bool credit = sum.side == Side::Credit;
  switch (sum.posting) {
    case PostingKind::Order:
      // An order credits what it sold; a goodwill card or a redemption is no order's.
      if (!credit) break;
      if (sum.account == LedgerAccountKind::SalesRevenue) figures.pictures += amount;
      if (sum.account == LedgerAccountKind::GiftCardsOutstanding) figures.gift_cards += amount;
      break;
    case PostingKind::Refund:
      if (!credit && is_sale(sum.account)) figures.refunds += amount;
      break;
    case PostingKind::RefundFailed:
      // The mirror of a refund the provider refused: the sale stands again.
      if (credit && is_sale(sum.account)) figures.refunds -= amount;
      break;
    case PostingKind::Deposit:
      if (credit && sum.account == LedgerAccountKind::CustomerBalance) figures.deposits += amount;
      break;
    case PostingKind::Other:
      break;
  }
  // Generated images are the only postings to their account, credited when paid for.
  if (sum.account == LedgerAccountKind::GenerationRevenue) {
    figures.generated_images += credit ? amount : -amount;
  }
}

Result<Dashboard> ShowDashboard::operator()(const StaffActor& actor) {
  if (auto allowed = require_permission(actor, StaffPermission::ViewDashboard); !allowed) {
    return std::unexpected(allowed.error());
  }
  const auto now = std::chrono::floor<std::chrono::seconds>(clock_.now());
  const auto today = std::chrono::floor<days>(now);
  const sys_days first = today - days(kDashboardDays - 1);
  const sys_days end = today + days(1);
  const auto week = today - days(6);
  const auto month = today - days(29);
  return transactions_.read([&](Ports::Scope& tx) -> Result<Dashboard> {
    auto& reports = tx.get<SalesReports>();
    Dashboard dashboard{.now = now,
                        .today = today,
                        .today_figures = {},
                        .last_7_days = {},
                        .last_30_days = {},
                        .orders_by_status = reports.orders_by_status(),
                        .open_tickets = reports.open_tickets(),
                        .oldest_open_ticket = reports.oldest_open_ticket(),
                        .daily = {}};
    std::vector<PeriodFigures> by_day(kDashboardDays);
    for (const auto& sum : reports.ledger_by_day(first, end)) {
      if (sum.day < first || sum.day >= end) continue;
      add_to_figures(by_day[static_cast<std::size_t>((sum.day - first).count())], sum);
      if (sum.day == today) add_to_figures(dashboard.today_figures, sum);
      if (sum.day >= week) add_to_figures(dashboard.last_7_days, sum);
      if (sum.day >= month) add_to_figures(dashboard.last_30_days, sum);
    }
    for (int i = 0; i < kDashboardDays; ++i) {
      dashboard.daily.push_back(
          {.day = first + days(i), .net_micro_eur = by_day[static_cast<std::size_t>(i)].net()});
    }
    const std::pair<PeriodFigures*, sys_days> periods[] = {{&dashboard.today_figures, today},
                                                           {&dashboard.last_7_days, week},
                                                           {&dashboard.last_30_days, month}};
    for (const auto& [figures, since] : periods) {
      figures->new_customers = reports.accounts_created_since(since);
      figures->tickets = reports.tickets_since(since);
    }
    return dashboard;
  });
}

}  // namespace artshop
