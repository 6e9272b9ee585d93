#include <gmock/gmock.h>

#include "contract/store_contract.hpp"

namespace artshop::contract {
namespace {

using namespace std::chrono_literals;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::SizeIs;

// A refund of the order's first line, pending, by staff member `staff` under `key`.
Refund a_refund(OrderId order, UserId staff, std::string key, std::vector<int> lines = {1}) {
  return {.id = {},
          .order = order,
          .at = kNow,
          .staff = staff,
          .staff_email = "sue@shop.test",
          .amount = Money(12'50, Currency::NOK),
          .reason = "The file was damaged",
          .lines = std::move(lines),
          .gift_cards = {5},
          .return_to_sale = true,
          .status = RefundStatus::Pending,
          .source = RefundSource::Staff,
          .idempotency_key = std::move(key),
          .request_hash = "lines=1",
          .provider_reference = {},
          .gift_cards_minor = 2'50};
}

}  // namespace

BackOfficeContract::BackOfficeContract()
    : ann(add_account("ann@example.com")),
      sue(add_account("sue@shop.test")),
      offer(add_offer(an_offer("harbour", kNow, 1'250))),
      order(add_order(an_order(ann, offer, "R-1", kNow))) {}

namespace {

TEST_P(BackOfficeContract, ARefund_IsStoredWithEveryFieldAndOnceUnderItsKey) {
  const auto id = write(
      [&](Repositories& repos) { return repos.refunds.insert(a_refund(order, sue, "key-0001")); });
  ASSERT_TRUE(id);
  // The key is unique per order.
  EXPECT_FALSE(write(
      [&](Repositories& repos) { return repos.refunds.insert(a_refund(order, sue, "key-0001")); }));
  const auto found = read([&](Repositories& repos) { return repos.refunds.find(*id); });
  ASSERT_TRUE(found);
  auto expected = a_refund(order, sue, "key-0001");
  expected.id = *id;
  EXPECT_EQ(*found, expected);
  const auto by_key =
      read([&](Repositories& repos) { return repos.refunds.find_by_key(order, "key-0001"); });
  ASSERT_TRUE(by_key);
  EXPECT_EQ(by_key->id, *id);
  // A refund learnt from the provider has no key, and several may exist.
  auto from_provider = a_refund(order, sue, "");
  from_provider.staff = std::nullopt;
  from_provider.source = RefundSource::Provider;
  write([&](Repositories& repos) {
    EXPECT_TRUE(repos.refunds.insert(from_provider));
    EXPECT_TRUE(repos.refunds.insert(from_provider));
  });
  EXPECT_THAT(read([&](Repositories& repos) { return repos.refunds.list_for_order(order); }),
              SizeIs(3));
}

TEST_P(BackOfficeContract, AnItemGivenBack_CannotBeClaimedByASecondRefundUntilTheFirstFails) {
  const auto first = write([&](Repositories& repos) {
    auto refund = a_refund(order, sue, "key-0001");
    refund.id = *repos.refunds.insert(refund);
    EXPECT_TRUE(repos.refunds.claim_items(refund));
    return refund;
  });
  auto second = a_refund(order, sue, "key-0002");
  write([&](Repositories& repos) {
    second.id = *repos.refunds.insert(second);
    EXPECT_FALSE(repos.refunds.claim_items(second));
  });
  write([&](Repositories& repos) { repos.refunds.release_items(first.id); });
  EXPECT_TRUE(write([&](Repositories& repos) { return repos.refunds.claim_items(second); }));
}

TEST_P(BackOfficeContract, TheAmountGivenBack_StaysWithinTheOrdersTotal) {
  // The order's total is 643.90 NOK.
  EXPECT_TRUE(
      write([&](Repositories& repos) { return repos.refunds.add_refunded(order, 600'00); }));
  EXPECT_FALSE(
      write([&](Repositories& repos) { return repos.refunds.add_refunded(order, 43'91); }));
  EXPECT_TRUE(write([&](Repositories& repos) { return repos.refunds.add_refunded(order, 43'90); }));
  EXPECT_EQ(read([&](Repositories& repos) { return repos.orders.find(order)->refunded_minor; }),
            643'90);
  EXPECT_FALSE(
      write([&](Repositories& repos) { return repos.refunds.add_refunded(order, -700'00); }));
  EXPECT_TRUE(
      write([&](Repositories& repos) { return repos.refunds.add_refunded(order, -43'90); }));
  EXPECT_EQ(read([&](Repositories& repos) { return repos.orders.find(order)->refunded_minor; }),
            600'00);
}

TEST_P(BackOfficeContract, TheStatus_MovesOnlyFromWhatItIs) {
  const auto id = *write(
      [&](Repositories& repos) { return repos.refunds.insert(a_refund(order, sue, "key-0001")); });
  EXPECT_TRUE(write([&](Repositories& repos) {
    return repos.refunds.update_status(id, RefundStatus::Pending, RefundStatus::Succeeded);
  }));
  EXPECT_FALSE(write([&](Repositories& repos) {
    return repos.refunds.update_status(id, RefundStatus::Pending, RefundStatus::Failed);
  }));
  write([&](Repositories& repos) { repos.refunds.set_provider_reference(id, "re_1"); });
  const auto found = read([&](Repositories& repos) { return repos.refunds.find(id); });
  EXPECT_EQ(found->status, RefundStatus::Succeeded);
  EXPECT_EQ(found->provider_reference, "re_1");
}

TEST_P(BackOfficeContract, PendingRefunds_AreListedOldestFirstUpToTheirTime) {
  write([&](Repositories& repos) {
    auto early = a_refund(order, sue, "key-0001");
    repos.refunds.insert(early);
    auto late = a_refund(order, sue, "key-0002");
    late.at = kNow + 1h;
    repos.refunds.insert(late);
    auto done = a_refund(order, sue, "key-0003");
    done.status = RefundStatus::Succeeded;
    repos.refunds.insert(done);
  });
  const auto pending =
      read([&](Repositories& repos) { return repos.refunds.pending_before(kNow + 30min, 10); });
  ASSERT_THAT(pending, SizeIs(1));
  EXPECT_EQ(pending[0].idempotency_key, "key-0001");
}

TEST_P(BackOfficeContract, ARevokedArtwork_IsNeitherListedNorFoundUntilRestored) {
  const auto artwork = write([&](Repositories& repos) {
    return repos.artworks.add({.owner = ann,
                               .order = order,
                               .offer = offer,
                               .attribute = AttributeId{7},
                               .title = "Harbour",
                               .size_name = "HD",
                               .long_edge = 1920,
                               .licence = Licence::Personal,
                               .acquired_at = kNow});
  });
  const std::vector<AttributeId> line{AttributeId{7}};
  write([&](Repositories& repos) { repos.refunds.revoke_artworks(order, line, true); });
  read([&](Repositories& repos) {
    EXPECT_THAT(repos.artworks.list_for_user(ann), IsEmpty());
    EXPECT_FALSE(repos.artworks.find(artwork));
    const auto of_order = repos.staff_orders.artworks_of(order);
    ASSERT_THAT(of_order, SizeIs(1));
    EXPECT_FALSE(of_order[0].downloadable);
  });
  write([&](Repositories& repos) { repos.refunds.revoke_artworks(order, line, false); });
  read([&](Repositories& repos) {
    EXPECT_THAT(repos.artworks.list_for_user(ann), SizeIs(1));
    EXPECT_TRUE(repos.staff_orders.artworks_of(order)[0].downloadable);
  });
}

TEST_P(BackOfficeContract, ASoldOutOffer_ReturnsToSaleOnce) {
  write([&](Repositories& repos) { EXPECT_TRUE(repos.offers.mark_sold_out(offer)); });
  EXPECT_TRUE(write([&](Repositories& repos) { return repos.refunds.return_to_sale(offer); }));
  EXPECT_FALSE(write([&](Repositories& repos) { return repos.refunds.return_to_sale(offer); }));
}

TEST_P(BackOfficeContract, Search_FiltersCombineSortAndPage) {
  const auto bob = add_account("bob@example.com");
  auto cheap = an_order(bob, offer, "R-2", kNow + 1h);
  cheap.payment.currency = Currency::EUR;
  cheap.payment.amount_minor = 10'00;
  const auto second = add_order(cheap);
  const auto third = add_order(an_order(ann, offer, "R-3", kNow + 2h));
  write([&](Repositories& repos) { repos.refunds.add_refunded(third, 1'00); });
  const auto ids = [&](OrderSearchQuery query) {
    const auto page = read([&](Repositories& repos) { return repos.staff_orders.search(query); });
    std::vector<std::int64_t> found;
    for (const auto& row : page.items) found.push_back(row.order.id.value);
    return std::pair(found, page.total);
  };
  EXPECT_EQ(ids({}).first, (std::vector{third.value, second.value, order.value}));
  EXPECT_EQ(ids({.sort = OrderSort::CreatedAt}).first,
            (std::vector{order.value, second.value, third.value}));
  EXPECT_EQ(ids({.sort = OrderSort::Total}).first,
            (std::vector{second.value, order.value, third.value}));
  EXPECT_EQ(ids({.email = "bob@example.com"}).first, std::vector{second.value});
  EXPECT_EQ(ids({.reference = "R-3"}).first, std::vector{third.value});
  EXPECT_EQ(ids({.id = order}).first, std::vector{order.value});
  EXPECT_EQ(ids({.refund = RefundStanding::PartlyRefunded}).first, std::vector{third.value});
  EXPECT_EQ(ids({.refund = RefundStanding::None}).first, (std::vector{second.value, order.value}));
  EXPECT_EQ(ids({.from = kNow + 1h, .until = kNow + 2h}).first, std::vector{second.value});
  EXPECT_EQ(ids({.currency = Currency::NOK, .min_minor = 600'00, .max_minor = 700'00}).first,
            (std::vector{third.value, order.value}));
  EXPECT_EQ(ids({.status = PaymentStatus::Paid}).first, std::vector<std::int64_t>{});
  const auto [page, total] = ids({.offset = 1, .limit = 1});
  EXPECT_EQ(page, std::vector{second.value});
  EXPECT_EQ(total, 3);
  const auto rows =
      read([&](Repositories& repos) { return repos.staff_orders.search({.id = second}); });
  EXPECT_EQ(rows.items.at(0).email, "bob@example.com");
}

TEST_P(BackOfficeContract, Postings_AreReadWithTheirTimeOldestFirst) {
  const auto posting = [](std::string reference, sys_seconds at) {
    return *Posting::Builder(std::move(reference), at)
                .debit(LedgerAccount::sales_revenue(), 1'000'000, Money(1'00, Currency::EUR),
                       Rate{Rate::kScale})
                .credit(LedgerAccount::provider_cash(), 1'000'000, Money(1'00, Currency::EUR),
                        Rate{Rate::kScale})
                .build();
  };
  write([&](Repositories& repos) {
    repos.ledger.post(posting("refund:1", kNow + 1h));
    repos.ledger.post(posting("order:R-1", kNow));
  });
  const std::vector<std::string> references{"refund:1", "order:R-1", "refund:2"};
  const auto found =
      read([&](Repositories& repos) { return repos.staff_orders.postings(references); });
  ASSERT_THAT(found, SizeIs(2));
  EXPECT_EQ(found[0].reference, "order:R-1");
  EXPECT_EQ(found[0].at, kNow);
  EXPECT_THAT(found[0].entries, SizeIs(2));
  EXPECT_EQ(found[1].reference, "refund:1");
  EXPECT_EQ(found[1].entries[0].side, Side::Debit);
}

}  // namespace
}  // namespace artshop::contract
