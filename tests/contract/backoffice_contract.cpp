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

TEST_P(BackOfficeContract, APaymentsHistory_HoldsItsCreationAndEachChangeWithItsSource) {
  const auto payment = read([&](Repositories& repos) { return repos.orders.find(order); })->payment;
  const auto moves = write([&](Repositories& repos) {
    return std::vector<bool>{
        repos.payments.update_status(payment.id, PaymentStatus::Pending, PaymentStatus::Paid,
                                     kNow + 1h, PaymentChangeSource::Webhook),
        repos.payments.update_status(payment.id, PaymentStatus::Pending, PaymentStatus::Failed,
                                     kNow + 2h, PaymentChangeSource::Expiry)};
  });
  EXPECT_THAT(moves, ElementsAre(true, false));
  const auto deposit = add_payment(a_deposit(ann, "D-1", kNow));
  write([&](Repositories& repos) {
    repos.payments.update_status(deposit, PaymentStatus::Pending, PaymentStatus::Expired, kNow + 3h,
                                 PaymentChangeSource::Expiry);
  });
  EXPECT_THAT(
      read([&](Repositories& repos) { return repos.staff_orders.payment_history(payment.id); }),
      ElementsAre(PaymentStatusChange{.at = payment.created_at,
                                      .from = std::nullopt,
                                      .to = PaymentStatus::Pending,
                                      .source = PaymentChangeSource::Placed},
                  PaymentStatusChange{.at = kNow + 1h,
                                      .from = PaymentStatus::Pending,
                                      .to = PaymentStatus::Paid,
                                      .source = PaymentChangeSource::Webhook}))
      << "the refused move wrote nothing, and the deposit's changes are its own";
}

TEST_P(BackOfficeContract, WebhookEvents_AreListedForTheirPaymentWithTheirKindOnce) {
  const auto recorded = write([](Repositories& repos) {
    return std::vector<bool>{
        repos.payment_events.record(
            {.event_id = "evt_2", .reference = "R-1", .kind = "charge.refunded"}, kNow + 1h),
        repos.payment_events.record(
            {.event_id = "evt_1", .reference = "R-1", .kind = "checkout.session.completed"}, kNow),
        repos.payment_events.record(
            {.event_id = "evt_other", .reference = "R-2", .kind = "checkout.session.completed"},
            kNow),
        repos.payment_events.record(
            {.event_id = "evt_1", .reference = "R-1", .kind = "charge.refunded"}, kNow + 2h)};
  });
  EXPECT_THAT(recorded, ElementsAre(true, true, true, false));
  EXPECT_THAT(
      read([](Repositories& repos) { return repos.staff_orders.webhook_events("R-1"); }),
      ElementsAre(
          WebhookEventRecord{
              .event_id = "evt_1", .kind = "checkout.session.completed", .received_at = kNow},
          WebhookEventRecord{
              .event_id = "evt_2", .kind = "charge.refunded", .received_at = kNow + 1h}));
}

TEST_P(BackOfficeContract, MailsAboutAnOrder_AreListedQueuedSentOrFailed_AndOnlyTheyStaySent) {
  const auto mail = [](std::string subject) {
    return EmailMessage{.to = "ann@example.com",
                        .subject = std::move(subject),
                        .text_body = "Your gift card: 1234-5678",
                        .delivery_key = {}};
  };
  write([&](Repositories& repos) {
    repos.mail_outbox.enqueue(mail("Sent"), kNow, "order:7");
    repos.mail_outbox.enqueue(mail("Failed"), kNow, "order:7");
    repos.mail_outbox.enqueue(mail("Reset code"), kNow, "");
    repos.mail_outbox.enqueue(mail("Other order"), kNow, "order:8");
  });
  const auto claimed =
      write([](Repositories& repos) { return repos.mail_outbox.claim_due(kNow, kNow + 1h, 10); });
  ASSERT_THAT(claimed, SizeIs(4));
  write([&](Repositories& repos) {
    repos.mail_outbox.mark_sent(claimed[0].id);
    repos.mail_outbox.mark_dead(claimed[1].id, 5, "550 no such user");
    repos.mail_outbox.mark_sent(claimed[2].id);
    repos.mail_outbox.enqueue(mail("Queued"), kNow + 1h, "order:7");
  });
  EXPECT_THAT(read([](Repositories& repos) { return repos.staff_orders.mails_about("order:7"); }),
              ElementsAre(OutboxMailRecord{.at = kNow,
                                           .to = "ann@example.com",
                                           .subject = "Sent",
                                           .state = OutboxMailState::Sent},
                          OutboxMailRecord{.at = kNow,
                                           .to = "ann@example.com",
                                           .subject = "Failed",
                                           .state = OutboxMailState::Failed},
                          OutboxMailRecord{.at = kNow + 1h,
                                           .to = "ann@example.com",
                                           .subject = "Queued",
                                           .state = OutboxMailState::Queued}));
  const auto counts = read([](Repositories& repos) { return repos.mail_outbox.counts(); });
  EXPECT_EQ(counts.pending, 2) << "the other order's mail and the new one: a sent mail kept is "
                                  "not pending";
  EXPECT_EQ(counts.dead, 1);
  std::vector<std::string> due;
  for (const auto& again : write([](Repositories& repos) {
         return repos.mail_outbox.claim_due(kNow + 2h, kNow + 3h, 10);
       })) {
    due.push_back(again.message.subject);
  }
  EXPECT_THAT(due, ElementsAre("Other order", "Queued")) << "a sent mail is never claimed again";
}

}  // namespace
}  // namespace artshop::contract
