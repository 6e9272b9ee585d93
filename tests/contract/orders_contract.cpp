#include <gmock/gmock.h>

#include "contract/store_contract.hpp"

namespace artshop::contract {
namespace {

using namespace std::chrono_literals;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

std::vector<std::string> references(const std::vector<Order>& orders) {
  std::vector<std::string> found;
  for (const auto& order : orders) found.push_back(order.payment_reference);
  return found;
}

TEST_P(OrderContract, Insert_ThenFind_GivesBackEveryFieldLinesAndGiftCards) {
  const auto ann = add_account("ann@example.com");
  const auto offer = add_offer(an_offer("harbour", kNow, 1'250));
  const auto placed = an_order(ann, offer, "R-1", kNow);
  const auto id = add_order(placed);
  const auto found = read([&](Repositories& repos) { return repos.orders.find(id); });
  ASSERT_TRUE(found);
  EXPECT_EQ(found->id, id);
  EXPECT_EQ(found->user, ann);
  EXPECT_EQ(found->currency, Currency::NOK);
  EXPECT_EQ(found->rate, Rate{11'512'300});
  EXPECT_EQ(found->lines, placed.lines);
  EXPECT_EQ(found->gift_cards, placed.gift_cards);
  EXPECT_EQ(found->total_minor, 64'390);
  EXPECT_EQ(found->total(), Money(64'390, Currency::NOK));
  EXPECT_TRUE(found->pay_by_balance);
  EXPECT_EQ(found->first_name, "Ann");
  EXPECT_EQ(found->last_name, "Example");
  EXPECT_EQ(found->billing, placed.billing);
  EXPECT_EQ(found->browser, placed.browser);
  EXPECT_EQ(found->payment_reference, "R-1");
  EXPECT_EQ(found->status, PaymentStatus::Pending);
  EXPECT_EQ(found->created_at, kNow);
  EXPECT_EQ(found->expires_at, kNow + kPaymentWindow);
  EXPECT_EQ(found->settled_at, std::nullopt);
}

TEST_P(OrderContract, FindByReference_FindsTheOrderAndNothingForAnUnknownOne) {
  const auto ann = add_account("ann@example.com");
  const auto offer = add_offer(an_offer("harbour", kNow, 1'250));
  const auto id = add_order(an_order(ann, offer, "R-1", kNow));
  read([&](Repositories& repos) {
    EXPECT_EQ(repos.orders.find_by_reference("R-1")->id, id);
    EXPECT_FALSE(repos.orders.find_by_reference("R-2"));
    EXPECT_FALSE(repos.orders.find(OrderId{id.value + 100}));
  });
}

TEST_P(OrderContract, ListForUser_GivesTheUsersOrdersNewestFirstPageByPage) {
  const auto ann = add_account("ann@example.com");
  const auto bob = add_account("bob@example.com");
  const auto offer = add_offer(an_offer("harbour", kNow, 1'250));
  add_order(an_order(ann, offer, "ann-old", kNow - 3h));
  add_order(an_order(ann, offer, "ann-new", kNow));
  add_order(an_order(bob, offer, "bob", kNow));
  add_order(an_order(ann, offer, "ann-middle", kNow - 1h));
  read([&](Repositories& repos) {
    const auto first = repos.orders.list_for_user(ann, 0, 2);
    EXPECT_EQ(first.total, 3);
    EXPECT_THAT(references(first.items), ElementsAre("ann-new", "ann-middle"));
    const auto second = repos.orders.list_for_user(ann, 2, 2);
    EXPECT_EQ(second.total, 3);
    EXPECT_THAT(references(second.items), ElementsAre("ann-old"));
    EXPECT_EQ(second.items.at(0).lines.size(), 1u);
  });
}

TEST_P(OrderContract, ListForUser_OfOrdersPlacedTheSameSecond_PutsTheLaterOneFirst) {
  const auto ann = add_account("ann@example.com");
  const auto offer = add_offer(an_offer("harbour", kNow, 1'250));
  add_order(an_order(ann, offer, "first", kNow));
  add_order(an_order(ann, offer, "second", kNow));
  EXPECT_THAT(
      references(read([&](Repositories& r) { return r.orders.list_for_user(ann, 0, 5); }).items),
      ElementsAre("second", "first"));
}

TEST_P(OrderContract, PendingForUser_GivesOnlyPendingOrdersWhoseWindowIsOpen) {
  const auto ann = add_account("ann@example.com");
  const auto offer = add_offer(an_offer("harbour", kNow, 1'250));
  add_order(an_order(ann, offer, "open", kNow - 10min));
  add_order(an_order(ann, offer, "closed", kNow - kPaymentWindow));
  const auto paid = add_order(an_order(ann, offer, "paid", kNow - 5min));
  write([&](Repositories& repos) {
    repos.orders.update_status(paid, PaymentStatus::Pending, PaymentStatus::Paid, kNow);
  });
  EXPECT_THAT(references(read(
                  [&](Repositories& repos) { return repos.orders.pending_for_user(ann, kNow); })),
              ElementsAre("open"));
}

TEST_P(OrderContract, UpdateStatus_FromTheExpectedStatus_AppliesOnceAndRecordsWhen) {
  const auto ann = add_account("ann@example.com");
  const auto offer = add_offer(an_offer("harbour", kNow, 1'250));
  const auto id = add_order(an_order(ann, offer, "R-1", kNow));
  EXPECT_TRUE(write([&](Repositories& repos) {
    return repos.orders.update_status(id, PaymentStatus::Pending, PaymentStatus::Paid, kNow + 1min);
  }));
  EXPECT_FALSE(write([&](Repositories& repos) {
    return repos.orders.update_status(id, PaymentStatus::Pending, PaymentStatus::Failed,
                                      kNow + 2min);
  }));
  const auto found = read([&](Repositories& repos) { return repos.orders.find(id); });
  EXPECT_EQ(found->status, PaymentStatus::Paid);
  EXPECT_EQ(found->settled_at, kNow + 1min);
}

TEST_P(OrderContract, UpdateStatus_OfAnUnknownOrder_AnswersFalse) {
  EXPECT_FALSE(write([](Repositories& repos) {
    return repos.orders.update_status(OrderId{42}, PaymentStatus::Pending, PaymentStatus::Paid,
                                      kNow);
  }));
}

TEST_P(OrderContract, PendingExpired_GivesPendingOrdersWhoseWindowClosedAtOrBeforeNow) {
  const auto ann = add_account("ann@example.com");
  const auto offer = add_offer(an_offer("harbour", kNow, 1'250));
  const auto long_ago = add_order(an_order(ann, offer, "long-ago", kNow - 2h));
  const auto just_now = add_order(an_order(ann, offer, "just-now", kNow - kPaymentWindow));
  add_order(an_order(ann, offer, "open", kNow - 10min));
  const auto failed = add_order(an_order(ann, offer, "failed", kNow - 2h));
  write([&](Repositories& repos) {
    repos.orders.update_status(failed, PaymentStatus::Pending, PaymentStatus::Failed, kNow);
  });
  EXPECT_THAT(read([&](Repositories& repos) { return repos.orders.pending_expired(kNow); }),
              ElementsAre(long_ago, just_now));
}

TEST_P(OrderContract, ReserveExclusive_ForASecondOrder_AnswersFalseUntilTheFirstLetsGo) {
  const auto ann = add_account("ann@example.com");
  const auto offer = add_offer(an_offer("unique", kNow, 50'000, Licence::ExclusiveCommercial));
  const auto first = add_order(an_order(ann, offer, "first", kNow));
  const auto second = add_order(an_order(ann, offer, "second", kNow));
  EXPECT_TRUE(
      write([&](Repositories& repos) { return repos.orders.reserve_exclusive(offer, first); }));
  EXPECT_FALSE(
      write([&](Repositories& repos) { return repos.orders.reserve_exclusive(offer, second); }));
  write([&](Repositories& repos) { repos.orders.release_reservations(first); });
  EXPECT_TRUE(
      write([&](Repositories& repos) { return repos.orders.reserve_exclusive(offer, second); }));
}

TEST_P(OrderContract, ReserveExclusive_OfASoldOutOffer_AnswersFalse) {
  const auto ann = add_account("ann@example.com");
  const auto offer = add_offer(an_offer("unique", kNow, 50'000, Licence::ExclusiveCommercial));
  const auto order = add_order(an_order(ann, offer, "late", kNow));
  write([&](Repositories& repos) { repos.offers.mark_sold_out(offer); });
  EXPECT_FALSE(
      write([&](Repositories& repos) { return repos.orders.reserve_exclusive(offer, order); }));
}

TEST_P(DepositContract, Insert_ThenFind_GivesBackEveryField) {
  const auto ann = add_account("ann@example.com");
  const auto started = a_deposit(ann, "D-1", kNow);
  const auto id = write([&](Repositories& repos) { return repos.deposits.insert(started); });
  const auto found = read([&](Repositories& repos) { return repos.deposits.find(id); });
  ASSERT_TRUE(found);
  EXPECT_EQ(found->id, id);
  EXPECT_EQ(found->user, ann);
  EXPECT_EQ(found->currency, Currency::GBP);
  EXPECT_EQ(found->rate, Rate{857'000});
  EXPECT_EQ(found->amount(), Money(2'500, Currency::GBP));
  EXPECT_EQ(found->first_name, "Ann");
  EXPECT_EQ(found->last_name, "Example");
  EXPECT_EQ(found->billing, started.billing);
  EXPECT_EQ(found->browser, started.browser);
  EXPECT_EQ(found->payment_reference, "D-1");
  EXPECT_EQ(found->status, PaymentStatus::Pending);
  EXPECT_EQ(found->created_at, kNow);
  EXPECT_EQ(found->expires_at, kNow + kPaymentWindow);
  EXPECT_EQ(found->settled_at, std::nullopt);
}

TEST_P(DepositContract, FindByReference_FindsTheDepositAndNothingForAnUnknownOne) {
  const auto ann = add_account("ann@example.com");
  const auto id = write(
      [&](Repositories& repos) { return repos.deposits.insert(a_deposit(ann, "D-1", kNow)); });
  read([&](Repositories& repos) {
    EXPECT_EQ(repos.deposits.find_by_reference("D-1")->id, id);
    EXPECT_FALSE(repos.deposits.find_by_reference("D-2"));
    EXPECT_FALSE(repos.deposits.find(DepositId{id.value + 100}));
  });
}

TEST_P(DepositContract, UpdateStatus_FromTheWrongStatus_AnswersFalseAndChangesNothing) {
  const auto ann = add_account("ann@example.com");
  const auto id = write(
      [&](Repositories& repos) { return repos.deposits.insert(a_deposit(ann, "D-1", kNow)); });
  EXPECT_FALSE(write([&](Repositories& repos) {
    return repos.deposits.update_status(id, PaymentStatus::Paid, PaymentStatus::Failed, kNow);
  }));
  EXPECT_TRUE(write([&](Repositories& repos) {
    return repos.deposits.update_status(id, PaymentStatus::Pending, PaymentStatus::Expired,
                                        kNow + 1h);
  }));
  EXPECT_FALSE(write([&](Repositories& repos) {
    return repos.deposits.update_status(id, PaymentStatus::Pending, PaymentStatus::Paid, kNow + 2h);
  }));
  const auto found = read([&](Repositories& repos) { return repos.deposits.find(id); });
  EXPECT_EQ(found->status, PaymentStatus::Expired);
  EXPECT_EQ(found->settled_at, kNow + 1h);
}

TEST_P(DepositContract, PendingExpiredAndCountPending_SplitOnThePaymentWindow) {
  const auto ann = add_account("ann@example.com");
  const auto bob = add_account("bob@example.com");
  const auto [closed, open] = write([&](Repositories& repos) {
    const auto closed_id = repos.deposits.insert(a_deposit(ann, "closed", kNow - kPaymentWindow));
    const auto open_id = repos.deposits.insert(a_deposit(ann, "open", kNow - 1min));
    repos.deposits.insert(a_deposit(bob, "bob", kNow - 1min));
    return std::pair(closed_id, open_id);
  });
  read([&](Repositories& repos) {
    EXPECT_THAT(repos.deposits.pending_expired(kNow), ElementsAre(closed));
    EXPECT_EQ(repos.deposits.count_pending_for_user(ann, kNow), 1u);
    EXPECT_EQ(repos.deposits.count_pending_for_user(ann, kNow + kPaymentWindow), 0u);
  });
  write([&](Repositories& repos) {
    repos.deposits.update_status(open, PaymentStatus::Pending, PaymentStatus::Paid, kNow);
  });
  EXPECT_EQ(
      read([&](Repositories& repos) { return repos.deposits.count_pending_for_user(ann, kNow); }),
      0u);
}

Artwork an_artwork(UserId owner, OrderId order, OfferId offer, sys_seconds acquired_at) {
  return {.id = {},
          .owner = owner,
          .order = order,
          .offer = offer,
          .attribute = AttributeId{3},
          .title = "Harbour",
          .size_name = "4K",
          .long_edge = 3840,
          .licence = Licence::ExclusiveCommercial,
          .acquired_at = acquired_at};
}

TEST_P(ArtworkContract, Add_ThenFind_GivesBackEveryField) {
  const auto ann = add_account("ann@example.com");
  const auto offer = add_offer(an_offer("harbour", kNow, 1'250));
  const auto order = add_order(an_order(ann, offer, "R-1", kNow));
  auto artwork = an_artwork(ann, order, offer, kNow);
  const auto id = write([&](Repositories& repos) { return repos.artworks.add(artwork); });
  artwork.id = id;
  EXPECT_EQ(read([&](Repositories& repos) { return repos.artworks.find(id); }), artwork);
  EXPECT_FALSE(
      read([&](Repositories& repos) { return repos.artworks.find(ArtworkId{id.value + 1}); }));
}

TEST_P(ArtworkContract, ListForUser_GivesTheOwnersArtworksNewestFirst) {
  const auto ann = add_account("ann@example.com");
  const auto bob = add_account("bob@example.com");
  const auto offer = add_offer(an_offer("harbour", kNow, 1'250));
  const auto order = add_order(an_order(ann, offer, "R-1", kNow));
  const auto [old, fresh, same_second] = write([&](Repositories& repos) {
    const auto a = repos.artworks.add(an_artwork(ann, order, offer, kNow - 1h));
    const auto b = repos.artworks.add(an_artwork(ann, order, offer, kNow));
    repos.artworks.add(an_artwork(bob, order, offer, kNow));
    const auto c = repos.artworks.add(an_artwork(ann, order, offer, kNow));
    return std::tuple(a, b, c);
  });
  std::vector<ArtworkId> ids;
  for (const auto& artwork :
       read([&](Repositories& repos) { return repos.artworks.list_for_user(ann); })) {
    ids.push_back(artwork.id);
  }
  EXPECT_THAT(ids, ElementsAre(same_second, fresh, old));
}

TEST_P(ArtworkContract, Rendered_IsRememberedOnceAndTheFirstKeyStays) {
  const auto offer = add_offer(an_offer("harbour", kNow, 1'250));
  EXPECT_FALSE(read(
      [&](Repositories& repos) { return repos.artworks.rendered(offer, 3840, ImageFormat::Png); }));
  write([&](Repositories& repos) {
    repos.artworks.remember_rendered(offer, 3840, ImageFormat::Png, "first.png");
    repos.artworks.remember_rendered(offer, 3840, ImageFormat::Png, "second.png");
  });
  read([&](Repositories& repos) {
    EXPECT_EQ(repos.artworks.rendered(offer, 3840, ImageFormat::Png), "first.png");
    EXPECT_FALSE(repos.artworks.rendered(offer, 3840, ImageFormat::Jpeg));
    EXPECT_FALSE(repos.artworks.rendered(offer, 1920, ImageFormat::Png));
  });
}

}  // namespace
}  // namespace artshop::contract
