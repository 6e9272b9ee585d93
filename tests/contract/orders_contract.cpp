#include <gmock/gmock.h>

#include "contract/store_contract.hpp"

namespace artshop::contract {
namespace {

using namespace std::chrono_literals;
using ::testing::ElementsAre;

std::vector<std::string> references(const std::vector<Order>& orders) {
  std::vector<std::string> found;
  for (const auto& order : orders) found.push_back(order.payment.reference);
  return found;
}

std::vector<std::string> references(const std::vector<Payment>& payments) {
  std::vector<std::string> found;
  for (const auto& payment : payments) found.push_back(payment.reference);
  return found;
}

TEST_P(PaymentContract, Insert_ThenFind_GivesBackEveryField) {
  const auto ann = add_account("ann@example.com");
  const auto started = a_deposit(ann, "D-1", kNow);
  const auto id = add_payment(started);
  const auto found = read([&](Repositories& repos) { return repos.payments.find(id); });
  ASSERT_TRUE(found);
  EXPECT_EQ(found->id, id);
  EXPECT_EQ(found->purpose, PaymentPurpose::Deposit);
  EXPECT_EQ(found->user, ann);
  EXPECT_EQ(found->currency, Currency::GBP);
  EXPECT_EQ(found->rate, Rate{857'000});
  EXPECT_EQ(found->amount(), Money(2'500, Currency::GBP));
  EXPECT_EQ(found->first_name, "Ann");
  EXPECT_EQ(found->last_name, "Example");
  EXPECT_EQ(found->billing, started.billing);
  EXPECT_EQ(found->browser, started.browser);
  EXPECT_EQ(found->reference, "D-1");
  EXPECT_EQ(found->status, PaymentStatus::Pending);
  EXPECT_EQ(found->created_at, kNow);
  EXPECT_EQ(found->expires_at, kNow + kPaymentWindow);
  EXPECT_EQ(found->settled_at, std::nullopt);
}

TEST_P(PaymentContract, FindByReference_FindsAnOrdersPaymentAndADepositAlike) {
  const auto ann = add_account("ann@example.com");
  const auto offer = add_offer(an_offer("harbour", kNow, 1'250));
  const auto order = add_order(an_order(ann, offer, "R-1", kNow));
  const auto deposit = add_payment(a_deposit(ann, "D-1", kNow));
  read([&](Repositories& repos) {
    const auto for_order = repos.payments.find_by_reference("R-1");
    ASSERT_TRUE(for_order);
    EXPECT_EQ(for_order->purpose, PaymentPurpose::Order);
    EXPECT_EQ(for_order->amount(), Money(64'390, Currency::NOK));
    EXPECT_EQ(repos.orders.find_by_payment(for_order->id)->id, order);
    EXPECT_EQ(repos.payments.find_by_reference("D-1")->id, deposit);
    EXPECT_FALSE(repos.orders.find_by_payment(deposit));
    EXPECT_FALSE(repos.payments.find_by_reference("R-2"));
    EXPECT_FALSE(repos.payments.find(PaymentId{deposit.value + 100}));
  });
}

TEST_P(PaymentContract, UpdateStatus_FromTheExpectedStatus_AppliesOnceAndRecordsWhen) {
  const auto ann = add_account("ann@example.com");
  const auto id = add_payment(a_deposit(ann, "D-1", kNow));
  EXPECT_FALSE(write([&](Repositories& repos) {
    return repos.payments.update_status(id, PaymentStatus::Paid, PaymentStatus::Failed, kNow,
                                        PaymentChangeSource::Webhook);
  }));
  EXPECT_TRUE(write([&](Repositories& repos) {
    return repos.payments.update_status(id, PaymentStatus::Pending, PaymentStatus::Expired,
                                        kNow + 1h, PaymentChangeSource::Webhook);
  }));
  EXPECT_FALSE(write([&](Repositories& repos) {
    return repos.payments.update_status(id, PaymentStatus::Pending, PaymentStatus::Paid, kNow + 2h,
                                        PaymentChangeSource::Webhook);
  }));
  const auto found = read([&](Repositories& repos) { return repos.payments.find(id); });
  EXPECT_EQ(found->status, PaymentStatus::Expired);
  EXPECT_EQ(found->settled_at, kNow + 1h);
}

TEST_P(PaymentContract, UpdateStatus_OfAnUnknownPayment_AnswersFalse) {
  EXPECT_FALSE(write([](Repositories& repos) {
    return repos.payments.update_status(PaymentId{42}, PaymentStatus::Pending, PaymentStatus::Paid,
                                        kNow, PaymentChangeSource::Webhook);
  }));
}

TEST_P(PaymentContract, UpdateStatus_OfAnOrdersPayment_IsWhatTheOrderReadsBack) {
  const auto ann = add_account("ann@example.com");
  const auto offer = add_offer(an_offer("harbour", kNow, 1'250));
  const auto id = add_order(an_order(ann, offer, "R-1", kNow));
  const auto payment = read([&](Repositories& repos) { return repos.orders.find(id)->payment.id; });
  EXPECT_TRUE(write([&](Repositories& repos) {
    return repos.payments.update_status(payment, PaymentStatus::Pending, PaymentStatus::Paid,
                                        kNow + 1min, PaymentChangeSource::Webhook);
  }));
  const auto found = read([&](Repositories& repos) { return repos.orders.find(id); });
  EXPECT_EQ(found->payment.status, PaymentStatus::Paid);
  EXPECT_EQ(found->payment.settled_at, kNow + 1min);
}

TEST_P(PaymentContract, TheProvidersPaymentId_IsKeptOnceAndReadWithTheOrder) {
  const auto ann = add_account("ann@example.com");
  const auto offer = add_offer(an_offer("harbour", kNow, 1'250));
  const auto id = add_order(an_order(ann, offer, "R-1", kNow));
  const auto payment = read([&](Repositories& repos) { return repos.orders.find(id)->payment; });
  EXPECT_EQ(payment.provider_payment, "");
  write([&](Repositories& repos) {
    repos.payments.set_provider_payment(payment.id, "pi_first");
    repos.payments.set_provider_payment(payment.id, "pi_second");
  });
  EXPECT_EQ(
      read([&](Repositories& repos) { return repos.orders.find(id); })->payment.provider_payment,
      "pi_first");
  EXPECT_EQ(read([&](Repositories& repos) {
              return repos.payments.find_by_reference("R-1");
            })->provider_payment,
            "pi_first");
}

TEST_P(PaymentContract, PendingExpired_GivesPendingPaymentsOfEveryPurposeWhoseWindowClosed) {
  const auto ann = add_account("ann@example.com");
  const auto offer = add_offer(an_offer("harbour", kNow, 1'250));
  add_order(an_order(ann, offer, "order-long-ago", kNow - 2h));
  add_payment(a_deposit(ann, "deposit-just-now", kNow - kPaymentWindow));
  add_order(an_order(ann, offer, "order-open", kNow - 10min));
  add_payment(a_deposit(ann, "deposit-open", kNow - 1min));
  const auto failed = add_payment(a_deposit(ann, "deposit-failed", kNow - 2h));
  write([&](Repositories& repos) {
    repos.payments.update_status(failed, PaymentStatus::Pending, PaymentStatus::Failed, kNow,
                                 PaymentChangeSource::Webhook);
  });
  const auto expired =
      read([&](Repositories& repos) { return repos.payments.pending_expired(kNow); });
  EXPECT_THAT(references(expired), ElementsAre("order-long-ago", "deposit-just-now"));
  EXPECT_EQ(expired.at(0).purpose, PaymentPurpose::Order);
  EXPECT_EQ(expired.at(1).purpose, PaymentPurpose::Deposit);
}

TEST_P(PaymentContract, CountPendingForUser_CountsOnePurposeOfOneUserWithinTheWindow) {
  const auto ann = add_account("ann@example.com");
  const auto bob = add_account("bob@example.com");
  const auto offer = add_offer(an_offer("harbour", kNow, 1'250));
  add_payment(a_deposit(ann, "closed", kNow - kPaymentWindow));
  const auto open = add_payment(a_deposit(ann, "open", kNow - 1min));
  add_payment(a_deposit(bob, "bob", kNow - 1min));
  add_order(an_order(ann, offer, "order", kNow - 1min));
  read([&](Repositories& repos) {
    EXPECT_EQ(repos.payments.count_pending_for_user(ann, PaymentPurpose::Deposit, kNow), 1u);
    EXPECT_EQ(repos.payments.count_pending_for_user(ann, PaymentPurpose::Order, kNow), 1u);
    EXPECT_EQ(
        repos.payments.count_pending_for_user(ann, PaymentPurpose::Deposit, kNow + kPaymentWindow),
        0u);
  });
  write([&](Repositories& repos) {
    repos.payments.update_status(open, PaymentStatus::Pending, PaymentStatus::Paid, kNow,
                                 PaymentChangeSource::Webhook);
  });
  EXPECT_EQ(read([&](Repositories& repos) {
              return repos.payments.count_pending_for_user(ann, PaymentPurpose::Deposit, kNow);
            }),
            0u);
}

TEST_P(OrderContract, Insert_ThenFind_GivesBackItsLinesGiftCardsAndPayment) {
  const auto ann = add_account("ann@example.com");
  const auto offer = add_offer(an_offer("harbour", kNow, 1'250));
  const auto placed = an_order(ann, offer, "R-1", kNow);
  const auto id = add_order(placed);
  const auto found = read([&](Repositories& repos) { return repos.orders.find(id); });
  ASSERT_TRUE(found);
  EXPECT_EQ(found->id, id);
  EXPECT_EQ(found->lines, placed.lines);
  EXPECT_EQ(found->gift_cards, placed.gift_cards);
  EXPECT_TRUE(found->pay_by_balance);
  EXPECT_EQ(found->total(), Money(64'390, Currency::NOK));
  const auto& payment = found->payment;
  EXPECT_EQ(payment.purpose, PaymentPurpose::Order);
  EXPECT_EQ(payment.user, ann);
  EXPECT_EQ(payment.rate, Rate{11'512'300});
  EXPECT_EQ(payment.first_name, "Ann");
  EXPECT_EQ(payment.billing, placed.payment.billing);
  EXPECT_EQ(payment.browser, placed.payment.browser);
  EXPECT_EQ(payment.reference, "R-1");
  EXPECT_EQ(payment.status, PaymentStatus::Pending);
  EXPECT_EQ(payment.expires_at, kNow + kPaymentWindow);
  EXPECT_FALSE(read([&](Repositories& repos) { return repos.orders.find(OrderId{id.value + 1}); }));
}

TEST_P(OrderContract, ListForUser_GivesTheUsersOrdersNewestFirstPageByPage) {
  const auto ann = add_account("ann@example.com");
  const auto bob = add_account("bob@example.com");
  const auto offer = add_offer(an_offer("harbour", kNow, 1'250));
  add_order(an_order(ann, offer, "ann-old", kNow - 3h));
  add_order(an_order(ann, offer, "ann-new", kNow));
  add_order(an_order(bob, offer, "bob", kNow));
  add_order(an_order(ann, offer, "ann-middle", kNow - 1h));
  add_payment(a_deposit(ann, "ann-deposit", kNow));
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

TEST_P(OrderContract, PendingForUser_GivesOnlyOrdersWhosePaymentIsPendingAndOpen) {
  const auto ann = add_account("ann@example.com");
  const auto offer = add_offer(an_offer("harbour", kNow, 1'250));
  add_order(an_order(ann, offer, "open", kNow - 10min));
  add_order(an_order(ann, offer, "closed", kNow - kPaymentWindow));
  const auto paid = add_order(an_order(ann, offer, "paid", kNow - 5min));
  add_payment(a_deposit(ann, "deposit", kNow - 1min));
  write([&](Repositories& repos) {
    const auto payment = repos.orders.find(paid)->payment.id;
    repos.payments.update_status(payment, PaymentStatus::Pending, PaymentStatus::Paid, kNow,
                                 PaymentChangeSource::Webhook);
  });
  EXPECT_THAT(references(read(
                  [&](Repositories& repos) { return repos.orders.pending_for_user(ann, kNow); })),
              ElementsAre("open"));
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
