#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "artshop/core/backoffice/confirm_refund.hpp"
#include "artshop/core/backoffice/get_order_for_staff.hpp"
#include "artshop/core/backoffice/refund.hpp"
#include "artshop/core/backoffice/refund_order.hpp"
#include "artshop/core/backoffice/search_orders.hpp"
#include "artshop/core/orders/fulfil_paid_order.hpp"
#include "artshop/core/orders/handle_payment_event.hpp"
#include "artshop/core/orders/list_artworks.hpp"
#include "artshop/core/orders/place_order.hpp"
#include "artshop/core/orders/start_deposit.hpp"
#include "artshop/core/staff/staff_services.hpp"
#include "fakes/fake_ports.hpp"
#include "fakes/order_fakes.hpp"
#include "support/order_commands.hpp"

namespace artshop {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::SizeIs;

// --- The rules, as plain functions ----------------------------------------------------------

// A paid order of two lines (20.00 and 50.00 EUR) and one gift card (25.00 EUR).
class RefundRules : public ::testing::Test {
 protected:
  RefundRules() {
    order.payment.status = PaymentStatus::Paid;
    order.payment.amount_minor = 95'00;
    order.lines = {{.offer = OfferId{1}, .attribute = AttributeId{11}, .price_minor = 20'00},
                   {.offer = OfferId{1}, .attribute = AttributeId{12}, .price_minor = 50'00}};
    order.gift_cards = {{.amount_minor = 25'00}};
  }

  RefundableOrder refundable() const {
    return {.order = order,
            .gift_cards = {{.id = 5, .amount_minor = 25'00, .redeemed = false, .voided = false}},
            .refunded_lines = refunded_lines,
            .refunded_gift_cards = {},
            .refunded_minor = refunded_minor};
  }

  ValidationErrors refused(const RefundChoice& choice) const {
    auto plan = plan_refund(refundable(), choice);
    EXPECT_FALSE(plan);
    return plan ? ValidationErrors() : plan.error();
  }

  Order order;
  std::set<int> refunded_lines;
  std::int64_t refunded_minor = 0;
};

TEST_F(RefundRules, ItemsWithoutAnAmount_RefundTheirSumSplitIntoPicturesAndCards) {
  const auto plan =
      plan_refund(refundable(), {.lines = {2}, .gift_cards = {5}, .amount = {}, .reason = "Late"});
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->amount, Money(75'00, Currency::EUR));
  EXPECT_EQ(plan->pictures_minor, 50'00);
  EXPECT_EQ(plan->gift_cards_minor, 25'00);
}

TEST_F(RefundRules, AnAmountAlone_IsAGoodwillRefundOfThePictures) {
  const auto plan = plan_refund(
      refundable(), {.lines = {}, .gift_cards = {}, .amount = "12.50", .reason = "Sorry"});
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->amount, Money(12'50, Currency::EUR));
  EXPECT_EQ(plan->pictures_minor, 12'50);
  EXPECT_EQ(plan->gift_cards_minor, 0);
}

TEST_F(RefundRules, TheAmount_IsAtMostTheItemsChosen) {
  const auto errors = refused({.lines = {1}, .gift_cards = {}, .amount = "20.01", .reason = "x"});
  EXPECT_THAT(errors.messages("amount"), ElementsAre("At most 20.00 EUR for the items chosen."));
}

TEST_F(RefundRules, TheAmount_IsNeverMoreThanWhatIsLeft) {
  refunded_minor = 87'50;
  const auto errors = refused({.lines = {}, .gift_cards = {}, .amount = "7.51", .reason = "x"});
  EXPECT_THAT(errors.messages("amount"), ElementsAre("Only 7.50 EUR is left to refund."));
  EXPECT_EQ(left_to_refund(refundable()), Money(7'50, Currency::EUR));
  EXPECT_TRUE(
      plan_refund(refundable(), {.lines = {}, .gift_cards = {}, .amount = "7.50", .reason = "x"}));
}

TEST_F(RefundRules, AmountsThatAreNotMoreThanZeroOrHaveFractionalCents_AreRefusedOnTheField) {
  const auto message = [&](std::string amount) {
    const auto errors =
        refused({.lines = {}, .gift_cards = {}, .amount = std::move(amount), .reason = "x"});
    return errors.messages("amount").empty() ? std::string() : errors.messages("amount")[0];
  };
  EXPECT_EQ(message("-1"), "Must be more than zero.");
  EXPECT_EQ(message("0"), "Must be more than zero.");
  EXPECT_EQ(message("1.005"), "Use at most 2 decimals for EUR.");
  EXPECT_EQ(message("ten"), "Must be an amount such as 12.50.");
  EXPECT_EQ(message("99999999999999999999"), "This amount is too large.");
}

TEST_F(RefundRules, LinesUnknownChosenTwiceOrRefundedAlready_AreEachNamed) {
  refunded_lines = {1};
  const auto errors =
      refused({.lines = {4, 2, 2, 1}, .gift_cards = {}, .amount = {}, .reason = "x"});
  EXPECT_THAT(errors.messages("lines"),
              ElementsAre("Line 4 is not in this order.", "Line 2 is chosen twice.",
                          "Line 1 was refunded already."));
}

TEST_F(RefundRules, AGiftCardRedeemedOrNotInTheOrder_IsRefused) {
  auto refundable_order = refundable();
  refundable_order.gift_cards[0].redeemed = true;
  const auto plan = plan_refund(refundable_order,
                                {.lines = {}, .gift_cards = {5, 6}, .amount = {}, .reason = "x"});
  ASSERT_FALSE(plan);
  EXPECT_THAT(plan.error().messages("giftCards"),
              ElementsAre("Gift card 5 was redeemed already: it cannot be refunded.",
                          "Gift card 6 is not in this order."));
}

TEST_F(RefundRules, NoReasonOrNothingChosen_AreRefused) {
  const auto errors = refused({.lines = {}, .gift_cards = {}, .amount = {}, .reason = "  "});
  EXPECT_THAT(errors.messages("reason"), ElementsAre("Say why."));
  EXPECT_THAT(errors.messages(""), ElementsAre("Choose a line, a gift card or an amount."));
}

TEST_F(RefundRules, AnOrderNotPaid_IsRefusedForThatAlone) {
  order.payment.status = PaymentStatus::Expired;
  const auto errors = refused({.lines = {1}, .gift_cards = {}, .amount = {}, .reason = "x"});
  EXPECT_THAT(errors.by_field(), SizeIs(1));
  EXPECT_THAT(errors.messages(""), ElementsAre("Only a paid order can be refunded."));
}

TEST(RefundLimit, IsComparedInEurosAtTheOrdersFrozenRate) {
  // 108.25 USD at 1.0825 USD per EUR is 100.00 EUR: not beyond a 100.00 EUR limit; a cent more is.
  const Rate usd{1'082'500};
  EXPECT_FALSE(beyond_refund_limit(Money(108'25, Currency::USD), usd, 100'00));
  EXPECT_TRUE(beyond_refund_limit(Money(108'27, Currency::USD), usd, 100'00));
  // The same 108.25 in EUR is beyond it.
  EXPECT_TRUE(beyond_refund_limit(Money(108'25, Currency::EUR), Rate{Rate::kScale}, 100'00));
  EXPECT_EQ(refund_limit_message(100'00), "Only an owner may refund more than 100.00 EUR.");
}

TEST(RefundStandings, FollowWhatWasGivenBackOfTheTotal) {
  EXPECT_EQ(refund_standing(0, 10'00), RefundStanding::None);
  EXPECT_EQ(refund_standing(1, 10'00), RefundStanding::PartlyRefunded);
  EXPECT_EQ(refund_standing(10'00, 10'00), RefundStanding::Refunded);
  EXPECT_EQ(parse_refund_reference(refund_reference(RefundId{42})), RefundId{42});
  EXPECT_FALSE(parse_refund_reference("rfd_x"));
}

// --- The use cases ----------------------------------------------------------------------------

class BackOfficeOrders : public ::testing::Test {
 protected:
  BackOfficeOrders() {
    ann = fakes::add_account(store.state, "ann@example.com");
    harbour = fakes::add_offer(store.state, "Harbour",
                               {{11, Licence::Personal, 20'00}, {12, Licence::Commercial, 50'00}});
    tower = fakes::add_offer(store.state, "Tower", {{21, Licence::ExclusiveCommercial, 300'00}});
  }

  static StaffActor actor(StaffRole role, std::int64_t id = 90) {
    return {.id = UserId{id},
            .email = fmt::format("{}@shop.test", name_of(role)),
            .role = role,
            .session = "s",
            .expires_at = {}};
  }

  // A paid order of Ann's: from her balance, or by card through the provider's webhook.
  Order paid_order(std::vector<CartLine> lines, bool by_balance, std::int64_t gift_card = 0) {
    if (by_balance) {
      const auto started = deposit(testing_deposit(1000'00));
      EXPECT_TRUE(started);
      EXPECT_TRUE(handle({.event_id = "evt_fund_" + started->deposit.reference,
                          .reference = started->deposit.reference,
                          .outcome = PaymentOutcome::Paid,
                          .amount = std::nullopt}));
    }
    auto placed = place(testing::order_of(ann, std::move(lines), gift_card, by_balance));
    EXPECT_TRUE(placed);
    if (!by_balance) {
      EXPECT_TRUE(handle({.event_id = "evt_" + placed->order.payment.reference,
                          .reference = placed->order.payment.reference,
                          .outcome = PaymentOutcome::Paid,
                          .amount = placed->order.total(),
                          .refund_reference = {},
                          .provider_refund = {},
                          .kind = "checkout.session.completed",
                          .provider_payment = "pi_" + placed->order.payment.reference}));
    }
    return *fakes::InMemoryOrders(store.state).find(placed->order.id);
  }

  DepositCommand testing_deposit(std::int64_t cents) {
    const auto order = testing::order_of(ann, {}, 0, false);
    return {.user = ann,
            .names = order.names,
            .billing = order.billing,
            .amount = Money(cents, Currency::EUR).amount_text(),
            .currency = "EUR",
            .agreed_to_terms = true,
            .browser = order.browser,
            .urls = order.urls};
  }

  RefundOrderCommand refund_of(const Order& order, std::vector<int> lines,
                               std::optional<std::string> amount = {},
                               StaffRole role = StaffRole::Support, std::string key = "key-0001") {
    return {.actor = actor(role),
            .order = order.id,
            .idempotency_key = std::move(key),
            .choice = {.lines = std::move(lines),
                       .gift_cards = {},
                       .amount = std::move(amount),
                       .reason = "The file was damaged"},
            .return_to_sale = false,
            .address = "203.0.113.9"};
  }

  std::int64_t balance_micro() { return fakes::InMemoryLedger(store.state).customer_balance(ann); }
  std::vector<LedgerEntry> posted(std::string_view reference) {
    return fakes::InMemoryLedger(store.state).entries(reference);
  }

  fakes::InMemoryUnitOfWork store;
  fakes::FixedClock clock;
  fakes::CountingRandom random;
  fakes::PlainDigests digests;
  fakes::FixedRates rates;
  fakes::RecordingGateway gateway;
  FulfilPaidOrder fulfil{random, digests};
  PlaceOrder place{store, rates, &gateway, random, fulfil, clock};
  StartDeposit deposit{store, rates, gateway, random, clock};
  HandlePaymentEvent handle{store, fulfil, clock};
  ListArtworks list_artworks{store};
  RefundOrder refund{store, gateway, clock, {.limit_eur_cents = 100'00, .provider_attempts = 3}};
  SearchOrders search{store};
  ConfirmRefund confirm{store, clock};
  GetOrderForStaff get_order{store};
  UserId ann;
  OfferId harbour, tower;
};

TEST_F(BackOfficeOrders, ABalanceOrderRefunded_IsBackInTheBalanceAtOnceWithEveryEffect) {
  const auto order = paid_order({{harbour.value, 11}, {harbour.value, 12}}, true);
  const auto before = balance_micro();
  const auto made = refund(refund_of(order, {1}));
  ASSERT_TRUE(made) << made.error().detail;
  EXPECT_EQ(made->refund.status, RefundStatus::Succeeded);
  EXPECT_EQ(made->refund.amount, Money(20'00, Currency::EUR));
  EXPECT_EQ(balance_micro(), before + 20'00 * kMicroEurPerCent);
  // The reversal: Debit SalesRevenue, Credit the buyer's balance.
  const auto reversal = posted(refund_posting_reference(made->refund.id));
  ASSERT_THAT(reversal, SizeIs(2));
  EXPECT_EQ(reversal[0].account, LedgerAccount::sales_revenue());
  EXPECT_EQ(reversal[0].side, Side::Debit);
  EXPECT_EQ(reversal[1].account, LedgerAccount::customer(ann));
  EXPECT_EQ(reversal[1].side, Side::Credit);
  EXPECT_EQ(fakes::ledger_imbalance(store.state), 0);
  // Line 1's artwork no longer lists; line 2's does.
  const auto artworks = list_artworks(ann);
  ASSERT_TRUE(artworks);
  ASSERT_THAT(*artworks, SizeIs(1));
  EXPECT_EQ(artworks->front().artwork.attribute, order.lines[1].attribute);
  EXPECT_EQ(gateway.refunds.size(), 0U);  // the provider has nothing to do with it
  const auto mails = fakes::queued_mails(store.state);
  ASSERT_FALSE(mails.empty());
  EXPECT_EQ(mails.back().to, "ann@example.com");
  EXPECT_THAT(mails.back().text_body, HasSubstr("We have refunded 20.00 EUR"));
  ASSERT_THAT(store.state.audit_log, SizeIs(1));
  EXPECT_EQ(store.state.audit_log[0].action, "order.refund");
  EXPECT_EQ(store.state.audit_log[0].object, fmt::format("order:{}", order.id.value));
  EXPECT_THAT(store.state.audit_log[0].after, HasSubstr(R"("lines":[1])"));
  EXPECT_THAT(store.state.audit_log[0].after, HasSubstr(R"("amount":"20.00 EUR")"));
}

TEST_F(BackOfficeOrders,
       ACardOrderRefunded_IsPendingAndTheProviderIsAskedUnderTheRefundsReference) {
  const auto order = paid_order({{harbour.value, 11}}, false);
  const auto made = refund(refund_of(order, {1}));
  ASSERT_TRUE(made) << made.error().detail;
  EXPECT_EQ(made->refund.status, RefundStatus::Pending);
  ASSERT_THAT(gateway.refunds, SizeIs(1));
  EXPECT_EQ(gateway.refunds[0].reference, refund_reference(made->refund.id));
  EXPECT_EQ(gateway.refunds[0].payment_reference, order.payment.reference);
  EXPECT_EQ(gateway.refunds[0].amount, Money(20'00, Currency::EUR));
  EXPECT_EQ(made->refund.provider_reference, "re_" + refund_reference(made->refund.id));
  const auto reversal = posted(refund_posting_reference(made->refund.id));
  ASSERT_THAT(reversal, SizeIs(2));
  EXPECT_EQ(reversal[1].account, LedgerAccount::provider_cash());
  EXPECT_EQ(reversal[1].side, Side::Credit);
}

TEST_F(BackOfficeOrders, AProviderRefusal_FailsTheRefundReversesTheReversalAndRestoresTheLine) {
  const auto order = paid_order({{harbour.value, 11}}, false);
  gateway.refund_answer = {.outcome = ProviderRefundAnswer::Outcome::Refused,
                           .provider_refund = {},
                           .detail = "charge_already_refunded"};
  const auto made = refund(refund_of(order, {1}));
  ASSERT_TRUE(made);
  EXPECT_EQ(made->refund.status, RefundStatus::Failed);
  EXPECT_THAT(posted(refund_failed_posting_reference(made->refund.id)), SizeIs(2));
  EXPECT_EQ(fakes::ledger_imbalance(store.state), 0);
  EXPECT_EQ(fakes::InMemoryOrders(store.state).find(order.id)->refunded_minor, 0);
  EXPECT_THAT(*list_artworks(ann), SizeIs(1));
  EXPECT_EQ(store.state.audit_log.back().action, "order.refund_failed");
  // The line can be refunded again.
  gateway.refund_answer.outcome = ProviderRefundAnswer::Outcome::Accepted;
  EXPECT_TRUE(refund(refund_of(order, {1}, {}, StaffRole::Support, "key-0002")));
}

TEST_F(BackOfficeOrders, ACardRefund_NamesThePaymentTheProviderNamedWhenItWasPaid) {
  const auto order = paid_order({{harbour.value, 11}}, false);
  EXPECT_EQ(order.payment.provider_payment, "pi_" + order.payment.reference);
  ASSERT_TRUE(refund(refund_of(order, {1})));
  ASSERT_THAT(gateway.refunds, SizeIs(1));
  EXPECT_EQ(gateway.refunds[0].provider_payment, "pi_" + order.payment.reference);
  EXPECT_EQ(gateway.refunds[0].payment_reference, order.payment.reference);
}

TEST_F(BackOfficeOrders, AFailedCardRefundOfAGiftCard_MakesTheCardActiveAgain) {
  const auto order = paid_order({}, false, 25'00);
  ASSERT_THAT(store.state.gift_cards, SizeIs(1));
  gateway.refund_answer = {.outcome = ProviderRefundAnswer::Outcome::Refused,
                           .provider_refund = {},
                           .detail = "charge_disputed"};
  auto command = refund_of(order, {});
  command.choice.gift_cards = {store.state.gift_cards[0].id.value};
  const auto made = refund(command);
  ASSERT_TRUE(made) << made.error().detail;
  EXPECT_EQ(made->refund.status, RefundStatus::Failed);
  EXPECT_FALSE(store.state.gift_cards[0].voided_at);
  // Active again: the buyer may redeem it.
  EXPECT_TRUE(fakes::InMemoryGiftCards(store.state)
                  .redeem(store.state.gift_cards[0].number_digest, ann, made->refund.at));
}

TEST_F(BackOfficeOrders, AProviderThatDoesNotAnswer_LeavesThePendingRefundForTheRetry) {
  const auto order = paid_order({{harbour.value, 11}}, false);
  gateway.refund_answer = {.outcome = ProviderRefundAnswer::Outcome::Unavailable,
                           .provider_refund = {},
                           .detail = "timeout"};
  const auto made = refund(refund_of(order, {1}));
  ASSERT_TRUE(made);
  EXPECT_EQ(made->refund.status, RefundStatus::Pending);
  EXPECT_THAT(gateway.refunds, SizeIs(3));  // asked three times
  gateway.refund_answer.outcome = ProviderRefundAnswer::Outcome::Accepted;
  const auto retried = refund.retry_pending(made->refund.at);
  ASSERT_TRUE(retried);
  EXPECT_EQ(*retried, 1);
  EXPECT_EQ(gateway.refunds.back().reference, refund_reference(made->refund.id));
  EXPECT_EQ(store.state.refunds[0].provider_reference, "re_" + refund_reference(made->refund.id));
}

TEST_F(BackOfficeOrders, TheProvidersRefundEventDeliveredTwice_SucceedsTheRefundOnce) {
  const auto order = paid_order({{harbour.value, 11}}, false);
  const auto made = refund(refund_of(order, {1}));
  ASSERT_TRUE(made);
  const PaymentEvent event{.event_id = "evt_refund",
                           .reference = order.payment.reference,
                           .outcome = PaymentOutcome::Refunded,
                           .amount = made->refund.amount,
                           .refund_reference = refund_reference(made->refund.id),
                           .provider_refund = "re_1"};
  const auto first = confirm(event);
  ASSERT_TRUE(first);
  EXPECT_EQ(first->outcome, PaymentEventOutcome::RefundConfirmed);
  EXPECT_EQ(store.state.refunds[0].status, RefundStatus::Succeeded);
  const auto again = confirm(event);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->outcome, PaymentEventOutcome::AlreadyProcessed);
  // Another event id for the same refund moves nothing either: the status is guarded.
  auto other = event;
  other.event_id = "evt_refund_2";
  EXPECT_EQ(confirm(other)->outcome, PaymentEventOutcome::NothingToDo);
  EXPECT_THAT(store.state.refunds, SizeIs(1));
  EXPECT_THAT(posted(refund_posting_reference(made->refund.id)), SizeIs(2));
  EXPECT_EQ(std::ranges::count(store.state.audit_log, std::string("order.refund_confirmed"),
                               &AuditRecord::action),
            1);
}

TEST_F(BackOfficeOrders, ARefundMadeAtTheProvider_IsRecordedCappedAtWhatIsLeft) {
  const auto order = paid_order({{harbour.value, 11}}, false);
  ASSERT_TRUE(refund(refund_of(order, {}, "5.00")));
  const auto learnt = confirm({.event_id = "evt_dashboard",
                               .reference = order.payment.reference,
                               .outcome = PaymentOutcome::Refunded,
                               .amount = Money(50'00, Currency::EUR),
                               .refund_reference = {},
                               .provider_refund = "re_dash"});
  ASSERT_TRUE(learnt);
  ASSERT_THAT(store.state.refunds, SizeIs(2));
  const auto& recorded = store.state.refunds[1];
  EXPECT_EQ(recorded.source, RefundSource::Provider);
  EXPECT_EQ(recorded.status, RefundStatus::Succeeded);
  EXPECT_EQ(recorded.amount, Money(15'00, Currency::EUR));
  EXPECT_EQ(fakes::InMemoryOrders(store.state).find(order.id)->refunded_minor, 20'00);
  EXPECT_EQ(fakes::ledger_imbalance(store.state), 0);
  // An event naming no payment of ours is not found.
  EXPECT_EQ(
      confirm({.event_id = "evt_x", .reference = "nobody", .outcome = PaymentOutcome::Refunded})
          .error()
          .kind,
      ErrorKind::NotFound);
}

TEST_F(BackOfficeOrders, ARefundedGiftCard_IsVoidedAndARedeemedOneCannotBeRefunded) {
  const auto order = paid_order({}, true, 25'00);
  ASSERT_THAT(store.state.gift_cards, SizeIs(1));
  const auto card = store.state.gift_cards[0].id.value;
  auto command = refund_of(order, {});
  command.choice.gift_cards = {card};
  const auto made = refund(command);
  ASSERT_TRUE(made) << made.error().detail;
  EXPECT_EQ(made->refund.amount, Money(25'00, Currency::EUR));
  EXPECT_TRUE(store.state.gift_cards[0].voided_at);
  // Debit GiftCardsOutstanding, Credit the buyer's balance.
  const auto reversal = posted(refund_posting_reference(made->refund.id));
  ASSERT_THAT(reversal, SizeIs(2));
  EXPECT_EQ(reversal[0].account, LedgerAccount::gift_cards_outstanding());

  const auto other = paid_order({}, true, 30'00);
  store.state.gift_cards[1].redeemed_by = ann;
  store.state.gift_cards[1].redeemed_at = store.state.gift_cards[1].issued_at;
  auto redeemed = refund_of(other, {}, {}, StaffRole::Support, "key-0002");
  redeemed.choice.gift_cards = {store.state.gift_cards[1].id.value};
  const auto refused = refund(redeemed);
  ASSERT_FALSE(refused);
  EXPECT_THAT(refused.error().fields.messages("giftCards"),
              ElementsAre(fmt::format("Gift card {} was redeemed already: it cannot be refunded.",
                                      store.state.gift_cards[1].id.value)));
}

TEST_F(BackOfficeOrders, TheSameKeyAgain_AnswersTheSameRefundAndAnotherBodyIsRefused) {
  const auto order = paid_order({{harbour.value, 11}, {harbour.value, 12}}, true);
  const auto first = refund(refund_of(order, {1}));
  ASSERT_TRUE(first);
  const auto again = refund(refund_of(order, {1}));
  ASSERT_TRUE(again);
  EXPECT_TRUE(again->repeated);
  EXPECT_EQ(again->refund.id, first->refund.id);
  EXPECT_THAT(store.state.refunds, SizeIs(1));
  const auto refused = refund(refund_of(order, {2}));
  ASSERT_FALSE(refused);
  EXPECT_THAT(refused.error().fields.messages("Idempotency-Key"),
              ElementsAre("This key was used for another refund."));
  EXPECT_THAT(store.state.refunds, SizeIs(1));
}

TEST_F(BackOfficeOrders, SupportAboveTheLimit_IsRefusedWithTheLimitWhileAnOwnerMayRefund) {
  const auto order = paid_order({{tower.value, 21}}, true);
  const auto refused = refund(refund_of(order, {1}));
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().kind, ErrorKind::Forbidden);
  EXPECT_THAT(refused.error().fields.messages(""),
              ElementsAre("Only an owner may refund more than 100.00 EUR."));
  EXPECT_THAT(store.state.refunds, IsEmpty());
  EXPECT_THAT(store.state.audit_log, IsEmpty());
  // Within the limit support may; above it the owner may.
  EXPECT_TRUE(refund(refund_of(order, {}, "100.00", StaffRole::Support, "key-0002")));
  EXPECT_TRUE(refund(refund_of(order, {}, "200.00", StaffRole::Owner, "key-0003")));
  EXPECT_EQ(fakes::InMemoryOrders(store.state).find(order.id)->refunded_minor, 300'00);
}

TEST_F(BackOfficeOrders, TheCatalogueRole_MayNeitherRefundNorReadOrders) {
  const auto order = paid_order({{harbour.value, 11}}, true);
  const auto refused = refund(refund_of(order, {1}, {}, StaffRole::Catalogue));
  ASSERT_FALSE(refused);
  EXPECT_THAT(refused.error().fields.messages(""), ElementsAre("Your role does not allow this."));
  EXPECT_THAT(store.state.refunds, IsEmpty());
  EXPECT_FALSE(search(actor(StaffRole::Catalogue), {}));
  EXPECT_FALSE(get_order(actor(StaffRole::Catalogue), order.id));
}

TEST_F(BackOfficeOrders, AnExclusive_ReturnsToSaleOnlyWhenAsked) {
  const auto order = paid_order({{tower.value, 21}}, true);
  ASSERT_EQ(store.state.offers[1].status, OfferStatus::SoldOut);
  ASSERT_TRUE(refund(refund_of(order, {}, "10.00", StaffRole::Owner, "key-0001")));
  EXPECT_EQ(store.state.offers[1].status, OfferStatus::SoldOut);
  auto back = refund_of(order, {1}, "10.00", StaffRole::Owner, "key-0002");
  back.return_to_sale = true;
  ASSERT_TRUE(refund(back));
  EXPECT_EQ(store.state.offers[1].status, OfferStatus::Active);
}

TEST_F(BackOfficeOrders, AnUnknownOrder_IsNotFoundByItsMessage) {
  const auto missing = get_order(actor(StaffRole::Support), OrderId{404});
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().kind, ErrorKind::NotFound);
  EXPECT_THAT(missing.error().fields.messages(""), ElementsAre("No such order."));
  Order none;
  none.id = OrderId{404};
  EXPECT_EQ(refund(refund_of(none, {1})).error().kind, ErrorKind::NotFound);
}

TEST_F(BackOfficeOrders, TheOrderPage_ShowsPostingsArtworksAndRefunds) {
  const auto order = paid_order({{harbour.value, 11}, {harbour.value, 12}}, true);
  const auto made = refund(refund_of(order, {2}));
  ASSERT_TRUE(made);
  const auto detail = get_order(actor(StaffRole::Support), order.id);
  ASSERT_TRUE(detail);
  EXPECT_EQ(detail->email, "ann@example.com");
  EXPECT_EQ(detail->refunded_lines, std::set<int>{2});
  ASSERT_THAT(detail->ledger, SizeIs(2));
  EXPECT_EQ(detail->ledger[0].reference, "order:" + order.payment.reference);
  EXPECT_EQ(detail->ledger[1].reference, refund_posting_reference(made->refund.id));
  ASSERT_THAT(detail->artworks, SizeIs(2));
  EXPECT_TRUE(detail->artworks[0].downloadable);
  EXPECT_FALSE(detail->artworks[1].downloadable);
  ASSERT_THAT(detail->refunds, SizeIs(1));
  EXPECT_EQ(detail->order.refunded_minor, 50'00);
}

TEST_F(BackOfficeOrders, TheOrderPage_ShowsThePaymentsHistoryWebhookEventsAndMails) {
  const auto order = paid_order({{harbour.value, 11}}, false, 10'00);
  const auto detail = get_order(actor(StaffRole::Support), order.id);
  ASSERT_TRUE(detail);
  const auto& payment = order.payment;
  EXPECT_THAT(detail->payment_history,
              ElementsAre(PaymentStatusChange{.at = payment.created_at,
                                              .from = std::nullopt,
                                              .to = PaymentStatus::Pending,
                                              .source = PaymentChangeSource::Placed},
                          PaymentStatusChange{.at = *payment.settled_at,
                                              .from = PaymentStatus::Pending,
                                              .to = PaymentStatus::Paid,
                                              .source = PaymentChangeSource::Webhook}));
  ASSERT_THAT(detail->webhook_events, SizeIs(1));
  EXPECT_EQ(detail->webhook_events[0].event_id, "evt_" + payment.reference);
  EXPECT_EQ(detail->webhook_events[0].kind, "checkout.session.completed");
  // The gift card's mail, queued about this order (the deposit's mails and events are not).
  ASSERT_THAT(detail->mails, SizeIs(1));
  EXPECT_EQ(detail->mails[0].to, "ann@example.com");
  EXPECT_EQ(detail->mails[0].subject, "Your Artshop gift card");
  EXPECT_EQ(detail->mails[0].state, OutboxMailState::Queued);
}

TEST_F(BackOfficeOrders, ARefundsMail_IsListedOnItsOrdersPage) {
  const auto order = paid_order({{harbour.value, 11}, {harbour.value, 12}}, true);
  ASSERT_TRUE(refund(refund_of(order, {2})));
  const auto detail = get_order(actor(StaffRole::Support), order.id);
  ASSERT_TRUE(detail);
  ASSERT_THAT(detail->mails, SizeIs(1));
  EXPECT_THAT(detail->mails[0].subject, HasSubstr("refund"));
  // Paid at once from the balance: one change, at its creation.
  ASSERT_THAT(detail->payment_history, SizeIs(1));
  EXPECT_EQ(detail->payment_history[0].to, PaymentStatus::Paid);
  EXPECT_EQ(detail->payment_history[0].source, PaymentChangeSource::Placed);
  EXPECT_THAT(detail->webhook_events, IsEmpty());
}

TEST_F(BackOfficeOrders, Search_FiltersByStatusRefundAndAmountAndPagesNewestFirst) {
  const auto first = paid_order({{harbour.value, 11}}, true);
  clock.advance(std::chrono::minutes(1));
  const auto second = paid_order({{harbour.value, 12}}, true);
  ASSERT_TRUE(refund(refund_of(second, {}, "10.00")));
  const auto support = actor(StaffRole::Support);

  const auto partly = search(support, {.refund = "PartlyRefunded"});
  ASSERT_TRUE(partly);
  ASSERT_THAT(partly->orders.items, SizeIs(1));
  EXPECT_EQ(partly->orders.items[0].order.id, second.id);

  const auto cheap = search(support, {.max_amount = "20.00"});
  ASSERT_TRUE(cheap);
  ASSERT_THAT(cheap->orders.items, SizeIs(1));
  EXPECT_EQ(cheap->orders.items[0].order.id, first.id);

  const auto paged = search(support, {.status = "Paid", .page = "2", .page_size = "1"});
  ASSERT_TRUE(paged);
  EXPECT_EQ(paged->orders.total, 2);
  ASSERT_THAT(paged->orders.items, SizeIs(1));
  EXPECT_EQ(paged->orders.items[0].order.id, first.id);  // newest first: the second is page 1

  const auto bad = search(support, {.status = "Lost",
                                    .refund = "Half",
                                    .from = "2026-13-01",
                                    .min_amount = "-1",
                                    .sort = "price",
                                    .page_size = "101"});
  ASSERT_FALSE(bad);
  for (const auto* field : {"Status", "Refund", "From", "MinAmount", "Sort", "PageSize"}) {
    EXPECT_TRUE(bad.error().fields.has(field)) << field;
  }
}

}  // namespace
}  // namespace artshop
