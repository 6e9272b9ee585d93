// The dashboard's use case (core/include/artshop/core/backoffice/dashboard.hpp): who may read it,
// and which postings make which figure of which period.
#include "artshop/core/backoffice/dashboard.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "fakes/account_fakes.hpp"

namespace artshop {
namespace {

using namespace std::chrono_literals;

const Rate kEur{Rate::kScale};
constexpr std::int64_t kEuro = 1'000'000;

Money eur(std::int64_t micro_eur) {
  return Money(micro_eur / kMicroEurPerCent, Currency::EUR);
}

class DashboardFigures : public ::testing::Test, protected fakes::AccountFakes {
 protected:
  static StaffActor member(StaffRole role) {
    return {.id = UserId{900},
            .email = "owner@shop.test",
            .role = role,
            .session = "session",
            .expires_at = {}};
  }

  // `amount` from `debit` to `credit` under `reference`, `ago` before now.
  void post(std::string reference, LedgerAccount debit, LedgerAccount credit, std::int64_t amount,
            std::chrono::seconds ago) {
    auto posting = Posting::Builder(std::move(reference),
                                    std::chrono::floor<std::chrono::seconds>(clock.now()) - ago)
                       .debit(debit, amount, eur(amount), kEur)
                       .credit(credit, amount, eur(amount), kEur)
                       .build()
                       .value();
    store.run(TransactionMode::Write, [&](Repositories& repos) {
      repos.ledger.post(posting);
      return true;
    });
  }

  ShowDashboard dashboard{store, clock};
  UserId ann{1};
};

TEST_F(DashboardFigures, OnlyARoleWithViewDashboard_ReadsIt) {
  for (const auto role : {StaffRole::Support, StaffRole::Catalogue}) {
    const auto refused = dashboard(member(role));
    ASSERT_FALSE(refused.has_value());
    EXPECT_EQ(refused.error().kind, ErrorKind::Forbidden);
  }
  EXPECT_TRUE(dashboard(member(StaffRole::Owner)).has_value());
}

TEST_F(DashboardFigures, EachPosting_CountsInItsFigureAndPeriods) {
  const auto cash = LedgerAccount::provider_cash();
  const auto balance = LedgerAccount::customer(ann);
  post("order:ord_1", cash, LedgerAccount::sales_revenue(), 20 * kEuro, 0s);
  post("order:ord_2", cash, LedgerAccount::gift_cards_outstanding(), 25 * kEuro, 0s);
  post("generated-image:1", balance, LedgerAccount::generation_revenue(), 3 * kEuro / 10, 0s);
  post("refund:1", LedgerAccount::sales_revenue(), cash, 5 * kEuro, 0s);
  post("refund-failed:1", cash, LedgerAccount::sales_revenue(), 2 * kEuro, 0s);
  post("deposit:dep_1", cash, balance, 100 * kEuro, 0s);
  // Not revenue: a redemption, a goodwill card, an adjustment.
  post("gift-card:abc", LedgerAccount::gift_cards_outstanding(), balance, 25 * kEuro, 0s);
  post("gift-card-issued:1", LedgerAccount::adjustments(), LedgerAccount::gift_cards_outstanding(),
       10 * kEuro, 0s);
  post("adjustment:1", LedgerAccount::adjustments(), balance, 4 * kEuro, 0s);
  // Three days ago, twenty days ago, and a hundred days ago (no period holds it).
  post("order:ord_3", cash, LedgerAccount::sales_revenue(), 7 * kEuro, 72h);
  post("order:ord_4", cash, LedgerAccount::sales_revenue(), 11 * kEuro, 20 * 24h);
  post("order:ord_5", cash, LedgerAccount::sales_revenue(), 13 * kEuro, 100 * 24h);

  const auto figures = dashboard(member(StaffRole::Owner)).value();
  const auto& today = figures.today_figures;
  EXPECT_EQ(today.pictures, 20 * kEuro);
  EXPECT_EQ(today.gift_cards, 25 * kEuro);
  EXPECT_EQ(today.generated_images, 3 * kEuro / 10);
  EXPECT_EQ(today.refunds, 3 * kEuro) << "a refund the provider refused stands again";
  EXPECT_EQ(today.deposits, 100 * kEuro);
  EXPECT_EQ(today.net(), 20 * kEuro + 25 * kEuro + 3 * kEuro / 10 - 3 * kEuro);
  EXPECT_EQ(figures.last_7_days.pictures, 27 * kEuro);
  EXPECT_EQ(figures.last_30_days.pictures, 38 * kEuro);
  ASSERT_EQ(figures.daily.size(), 90U);
  EXPECT_EQ(figures.daily.back().day, figures.today);
  EXPECT_EQ(figures.daily.back().net_micro_eur, today.net());
  EXPECT_EQ(figures.daily[86].net_micro_eur, 7 * kEuro);
  EXPECT_EQ(figures.daily[69].net_micro_eur, 11 * kEuro);
}

}  // namespace
}  // namespace artshop
