#include <gmock/gmock.h>

#include "contract/store_contract.hpp"

// What the dashboard and the exports read (docs/back-office.md, "Dashboard" and "Exports"): the
// ledger summed per day in the database, and pages after the last row's id.
namespace artshop::contract {
namespace {

using namespace std::chrono_literals;
using ::testing::ElementsAre;
using ::testing::UnorderedElementsAre;

const Rate kEur{Rate::kScale};

Money eur(std::int64_t micro_eur) {
  return Money(micro_eur / kMicroEurPerCent, Currency::EUR);
}

// An order paid from the balance: a picture and a gift card.
Posting order_posting(UserId buyer, std::string reference, std::int64_t picture, std::int64_t card,
                      sys_seconds at) {
  return Posting::Builder(std::move(reference), at)
      .debit(LedgerAccount::customer(buyer), picture + card, eur(picture + card), kEur)
      .credit(LedgerAccount::sales_revenue(), picture, eur(picture), kEur)
      .credit(LedgerAccount::gift_cards_outstanding(), card, eur(card), kEur)
      .build()
      .value();
}

Posting refund_posting(UserId buyer, std::string reference, std::int64_t amount, sys_seconds at) {
  return Posting::Builder(std::move(reference), at)
      .debit(LedgerAccount::sales_revenue(), amount, eur(amount), kEur)
      .credit(LedgerAccount::customer(buyer), amount, eur(amount), kEur)
      .build()
      .value();
}

TEST_P(SalesReportsContract, TheLedger_IsSummedPerDayPostingKindAccountAndSide) {
  const auto ann = add_account("ann@example.com");
  const auto day = std::chrono::floor<std::chrono::days>(kNow);
  write([&](Repositories& repos) {
    repos.ledger.post(order_posting(ann, "order:ord_1", 12'000'000, 25'000'000, kNow));
    repos.ledger.post(order_posting(ann, "order:ord_2", 3'000'000, 5'000'000, kNow + 1h));
    repos.ledger.post(refund_posting(ann, "refund:1", 1'500'000, kNow + 2h));
    // The day before and the day after the range: left out.
    repos.ledger.post(order_posting(ann, "order:ord_0", 7'000'000, 5'000'000, kNow - 24h));
    repos.ledger.post(refund_posting(ann, "refund-failed:9", 1'000'000, kNow + 48h));
  });
  const auto sums = read([&](Repositories& repos) {
    return repos.sales_reports.ledger_by_day(day, day + std::chrono::days(1));
  });
  const auto sum = [&](PostingKind kind, LedgerAccountKind account, Side side,
                       std::int64_t amount) {
    return LedgerDaySum{
        .day = day, .posting = kind, .account = account, .side = side, .amount_micro_eur = amount};
  };
  EXPECT_THAT(
      sums,
      UnorderedElementsAre(
          sum(PostingKind::Order, LedgerAccountKind::CustomerBalance, Side::Debit, 45'000'000),
          sum(PostingKind::Order, LedgerAccountKind::SalesRevenue, Side::Credit, 15'000'000),
          sum(PostingKind::Order, LedgerAccountKind::GiftCardsOutstanding, Side::Credit,
              30'000'000),
          sum(PostingKind::Refund, LedgerAccountKind::SalesRevenue, Side::Debit, 1'500'000),
          sum(PostingKind::Refund, LedgerAccountKind::CustomerBalance, Side::Credit, 1'500'000)));
}

TEST_P(SalesReportsContract, LedgerPages_FollowTheLastIdWithinTheirDates) {
  const auto ann = add_account("ann@example.com");
  write([&](Repositories& repos) {
    repos.ledger.post(order_posting(ann, "order:ord_0", 7'000'000, 5'000'000, kNow - 24h));
    repos.ledger.post(order_posting(ann, "order:ord_1", 12'000'000, 25'000'000, kNow));
    repos.ledger.post(refund_posting(ann, "refund:1", 1'500'000, kNow + 1h));
  });
  const auto page = [&](std::int64_t after) {
    return read([&](Repositories& repos) {
      return repos.sales_reports.ledger_after(after, kNow, kNow + 24h, 2);
    });
  };
  const auto first = page(0);
  ASSERT_EQ(first.size(), 2U);
  EXPECT_EQ(first[0].posting, "order:ord_1");
  EXPECT_EQ(first[0].at, kNow);
  EXPECT_EQ(first[0].entry.account, LedgerAccount::customer(ann));
  EXPECT_EQ(first[0].entry.amount_micro_eur, 37'000'000);
  EXPECT_LT(first[0].id, first[1].id);
  // The order's third entry and the refund's first, then the refund's second, then nothing.
  const auto second = page(first[1].id);
  std::vector<std::string> postings;
  for (const auto& row : second) postings.push_back(row.posting);
  EXPECT_THAT(postings, ElementsAre("order:ord_1", "refund:1"));
  const auto third = page(second.back().id);
  ASSERT_EQ(third.size(), 1U);
  EXPECT_EQ(third[0].posting, "refund:1");
  EXPECT_TRUE(page(third[0].id).empty());
}

TEST_P(SalesReportsContract, Customers_ArePagedByIdWithTheirBalance_AndCountedSinceADay) {
  const auto ann = add_account("ann@example.com");
  const auto bob = add_account("bob@example.com");
  write([&](Repositories& repos) {
    repos.ledger.post(order_posting(ann, "order:ord_1", 600'000, 400'000, kNow));
  });
  const auto first =
      read([&](Repositories& repos) { return repos.sales_reports.customers_after(UserId{0}, 1); });
  ASSERT_EQ(first.size(), 1U);
  EXPECT_EQ(first[0].id, ann);
  EXPECT_EQ(first[0].balance_micro_eur, -1'000'000);
  const auto second =
      read([&](Repositories& repos) { return repos.sales_reports.customers_after(ann, 5); });
  ASSERT_EQ(second.size(), 1U);
  EXPECT_EQ(second[0].email, "bob@example.com");
  EXPECT_EQ(second[0].id, bob);
  EXPECT_EQ(read([&](Repositories& repos) {
              return repos.sales_reports.accounts_created_since(sys_seconds{});
            }),
            2);
}

}  // namespace
}  // namespace artshop::contract
