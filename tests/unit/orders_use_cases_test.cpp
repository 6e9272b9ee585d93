#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "artshop/core/orders/expire_unpaid_orders.hpp"
#include "artshop/core/orders/fulfil_paid_order.hpp"
#include "artshop/core/orders/get_balance.hpp"
#include "artshop/core/orders/get_deposit.hpp"
#include "artshop/core/orders/get_order.hpp"
#include "artshop/core/orders/handle_payment_event.hpp"
#include "artshop/core/orders/idempotency_keys.hpp"
#include "artshop/core/orders/list_artworks.hpp"
#include "artshop/core/orders/list_orders.hpp"
#include "artshop/core/orders/order_limits.hpp"
#include "artshop/core/orders/place_order.hpp"
#include "artshop/core/orders/redeem_gift_card.hpp"
#include "artshop/core/orders/start_deposit.hpp"
#include "fakes/fake_ports.hpp"
#include "fakes/order_fakes.hpp"

namespace artshop {
namespace {

using ::testing::_;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::MatchesRegex;
using ::testing::Not;
using ::testing::SizeIs;

class Orders : public ::testing::Test {
 protected:
  Orders() {
    ann = fakes::add_account(store.state, "ann@example.com");
    bob = fakes::add_account(store.state, "bob@example.com");
    harbour = fakes::add_offer(store.state, "Harbour",
                               {{11, Licence::Personal, 20'00}, {12, Licence::Commercial, 50'00}});
    tower = fakes::add_offer(store.state, "Tower", {{21, Licence::ExclusiveCommercial, 300'00}});
  }

  // Minor units as a customer writes them in `currency`: 2550 EUR cents are "25.50".
  static std::string written(std::int64_t minor, std::string_view currency) {
    const auto known = parse_currency(currency);
    return known ? Money(minor, *known).amount_text() : std::to_string(minor);
  }

  PlaceOrderCommand order_of(UserId user, std::vector<CartLine> lines, std::int64_t gift_card = 0,
                             bool by_balance = false) {
    return {.user = user,
            .names = {.first_name = "Ann", .last_name = "Example"},
            .billing = {.country = "de",
                        .state = "",
                        .city = "Berlin",
                        .address1 = "Unter den Linden 1",
                        .zip_code = "10117"},
            .cart_items = std::move(lines),
            .gift_card_amount = written(gift_card, "EUR"),
            .currency = "EUR",
            .agreed_to_terms = true,
            .pay_by_balance = by_balance,
            .browser = {.javascript_enabled = true,
                        .accept_language = "de-DE",
                        .screen_width = 1920,
                        .screen_height = 1080,
                        .time_zone_offset = -60,
                        .user_agent = "Test"},
            .urls = {.success = "https://shop.test/ok", .cancel = "https://shop.test/cancel"}};
  }

  DepositCommand deposit_of(UserId user, std::int64_t amount, const std::string& currency = "EUR") {
    const auto order = order_of(user, {});
    return {.user = user,
            .names = order.names,
            .billing = order.billing,
            .amount = written(amount, currency),
            .currency = currency,
            .agreed_to_terms = true,
            .browser = order.browser,
            .urls = order.urls};
  }

  // Deposits `amount` euro cents into the user's balance through a paid deposit.
  void fund(UserId user, std::int64_t amount) {
    const auto started = deposit(deposit_of(user, amount));
    ASSERT_TRUE(started);
    ASSERT_TRUE(handle({.event_id = "evt_fund_" + started->deposit.reference,
                        .reference = started->deposit.reference,
                        .outcome = PaymentOutcome::Paid,
                        .amount = std::nullopt}));
  }

  std::int64_t balance_micro(UserId user) {
    fakes::InMemoryLedger ledger(store.state);
    return ledger.customer_balance(user);
  }

  PaymentEvent paid(const Order& order, std::string id = "evt_1") {
    return {.event_id = std::move(id),
            .reference = order.payment.reference,
            .outcome = PaymentOutcome::Paid,
            .amount = order.total()};
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
  ExpireUnpaidOrders expire{store, clock};
  GetBalance balance{store, rates};
  RedeemGiftCard redeem{store, digests, clock, kDefaultRateLimits};
  ListOrders list_orders{store};
  ListArtworks list_artworks{store};
  GetOrder get_order{store};
  GetDeposit get_deposit{store};
  IdempotencyKeys keys{store, digests, clock};

  // The reservation of a fresh key, as an adapter hands it to a use case.
  IdempotencyRecord reserve(UserId user, std::string key) {
    auto claim = keys.claim({.user = user, .key = std::move(key), .asked = "POST /x"}, "key");
    EXPECT_TRUE(claim && claim->kind == IdempotencyClaim::Kind::Run);
    return claim->reservation;
  }
  UserId ann, bob;
  OfferId harbour, tower;
};

// --- PlaceOrder ----------------------------------------------------------------------------

TEST_F(Orders, PlaceOrder_WithoutBalance_IsPendingWithAPaymentLinkForTheServerPrice) {
  const auto placed = place(order_of(ann, {{harbour.value, 11}, {harbour.value, 12}}, 10'00));
  ASSERT_TRUE(placed);
  EXPECT_EQ(placed->order.payment.status, PaymentStatus::Pending);
  EXPECT_EQ(placed->order.payment.amount_minor, 20'00 + 50'00 + 10'00);
  EXPECT_EQ(placed->order.payment.expires_at - placed->order.payment.created_at, kPaymentWindow);
  EXPECT_EQ(placed->order.payment.billing.country, "DE");
  EXPECT_EQ(placed->payment_link, "https://pay.test/" + placed->order.payment.reference);
  ASSERT_THAT(gateway.requests, SizeIs(1));
  EXPECT_EQ(gateway.requests[0].amount, Money(80'00, Currency::EUR));
  EXPECT_EQ(gateway.requests[0].customer_email, "ann@example.com");
  EXPECT_EQ(gateway.requests[0].browser.accept_language, "de-DE");
  EXPECT_THAT(store.state.orders, SizeIs(1));
  EXPECT_THAT(store.state.ledger, IsEmpty());
  EXPECT_THAT(store.state.artworks, IsEmpty());
}

TEST_F(Orders, PlaceOrder_WithAnExclusive_ReservesItWhilePending) {
  const auto placed = place(order_of(ann, {{tower.value, 21}}));
  ASSERT_TRUE(placed);
  EXPECT_EQ(store.state.reservations.at(tower.value), placed->order.id.value);
}

TEST_F(Orders, PlaceOrder_ForAnExclusiveAnotherPendingOrderHolds_IsRejectedAndWritesNothing) {
  ASSERT_TRUE(place(order_of(ann, {{tower.value, 21}})));
  const auto second = place(order_of(bob, {{tower.value, 21}}));
  ASSERT_FALSE(second);
  EXPECT_EQ(second.error().kind, ErrorKind::Validation);
  EXPECT_THAT(second.error().fields.messages("cartItems"),
              ElementsAre(std::string(PlaceOrder::kNoLongerAvailable)));
  EXPECT_THAT(store.state.orders, SizeIs(1));
  EXPECT_THAT(gateway.requests, SizeIs(1));
}

TEST_F(Orders, PlaceOrder_WithMissingBillingNoAgreementAndABadCart_ReportsEveryField) {
  auto command = order_of(ann, {{999, 1}}, 1);
  command.names.first_name = "";
  command.billing.city = "";
  command.billing.country = "XX";
  command.agreed_to_terms = false;
  command.currency = "EUR";
  const auto placed = place(command);
  ASSERT_FALSE(placed);
  const auto& fields = placed.error().fields;
  for (const auto* field :
       {"firstName", "city", "country", "agreedToPP_TOS", "cartItems", "giftCardAmount"}) {
    EXPECT_TRUE(fields.has(field)) << field;
  }
  EXPECT_THAT(store.state.orders, IsEmpty());
  EXPECT_THAT(gateway.requests, IsEmpty());
}

TEST_F(Orders, PlaceOrder_WithInsufficientBalance_RejectsAndDebitsNothing) {
  fund(ann, 10'00);
  const auto before = store.state.ledger.size();
  const auto placed = place(order_of(ann, {{harbour.value, 11}}, 0, true));
  ASSERT_FALSE(placed);
  EXPECT_THAT(placed.error().fields.messages(ValidationErrors::kGeneral),
              ElementsAre("Insufficient balance."));
  EXPECT_EQ(store.state.ledger.size(), before);
  EXPECT_THAT(store.state.orders, IsEmpty());
  EXPECT_EQ(balance_micro(ann), 10'000'000);
}

TEST_F(Orders, PlaceOrder_PaidByBalance_IsPaidAtOnceAndFulfilled) {
  fund(ann, 400'00);
  const auto placed = place(order_of(ann, {{harbour.value, 11}, {tower.value, 21}}, 25'00, true));
  ASSERT_TRUE(placed);
  EXPECT_EQ(placed->order.payment.status, PaymentStatus::Paid);
  EXPECT_FALSE(placed->payment_link);
  // Paid at once: its history is the one change of its creation.
  ASSERT_FALSE(store.state.payment_history.empty());
  EXPECT_EQ(store.state.payment_history.back().second.to, PaymentStatus::Paid);
  EXPECT_EQ(store.state.payment_history.back().second.from, std::nullopt);
  EXPECT_EQ(store.state.payment_history.back().second.source, PaymentChangeSource::Placed);
  EXPECT_THAT(placed->gift_card_numbers,
              ElementsAre(MatchesRegex("[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}")));
  EXPECT_EQ(balance_micro(ann), (400'00 - 345'00) * kMicroEurPerCent);
  EXPECT_EQ(fakes::ledger_imbalance(store.state), 0);
  EXPECT_THAT(store.state.artworks, SizeIs(2));
  EXPECT_EQ(store.state.offers[1].status, OfferStatus::SoldOut);
  EXPECT_THAT(store.state.reservations, IsEmpty());
  EXPECT_THAT(gateway.requests, SizeIs(1));  // the deposit's only
}

TEST_F(Orders, PlaceOrder_WithoutACardProvider_RefusesACardOrderAndStillSellsFromTheBalance) {
  PlaceOrder balance_only{store, rates, nullptr, random, fulfil, clock};
  fund(ann, 100'00);
  const auto by_card = balance_only(order_of(ann, {{harbour.value, 11}}));
  ASSERT_FALSE(by_card);
  EXPECT_THAT(by_card.error().fields.messages(ValidationErrors::kGeneral),
              ElementsAre(std::string(PlaceOrder::kNoCardPayments)));
  EXPECT_THAT(store.state.orders, IsEmpty());
  EXPECT_THAT(store.state.payments, SizeIs(1));  // the deposit's only

  const auto by_balance = balance_only(order_of(ann, {{harbour.value, 11}}, 0, true));
  ASSERT_TRUE(by_balance);
  EXPECT_EQ(by_balance->order.payment.status, PaymentStatus::Paid);
  EXPECT_EQ(balance_micro(ann), (100'00 - 20'00) * kMicroEurPerCent);
}

TEST_F(Orders, PlaceOrder_WithAKey_KeepsAnOutcomeNamingTheOrderItCreated) {
  fund(ann, 100'00);
  auto command = order_of(ann, {{harbour.value, 11}}, 0, true);
  command.idempotency = reserve(ann, "k1");
  const auto placed = place(std::move(command));
  ASSERT_TRUE(placed) << placed.error().detail;
  // Committed with the order it names, not some answer rendered for it.
  ASSERT_THAT(store.state.idempotency, SizeIs(1));
  EXPECT_EQ(store.state.idempotency[0].state, IdempotencyState::EffectKept);
  EXPECT_EQ(store.state.idempotency[0].outcome, IdempotentOutcome::order(placed->order.id));
}

TEST_F(Orders, PlaceOrder_WhoseKeyWasTakenOver_LeavesNoOrderAndSpendsNothing) {
  fund(ann, 100'00);
  const auto before = balance_micro(ann);
  auto command = order_of(ann, {{harbour.value, 11}}, 0, true);
  command.idempotency = reserve(ann, "k1");
  store.state.idempotency.clear();  // given up, as when a retry took the key over
  const auto placed = place(std::move(command));
  ASSERT_FALSE(placed);
  EXPECT_EQ(placed.error().kind, ErrorKind::Conflict);
  EXPECT_THAT(placed.error().fields.messages(""),
              ElementsAre(std::string(IdempotencyKeys::kTakenOver)));
  EXPECT_EQ(balance_micro(ann), before);
  EXPECT_THAT(store.state.artworks, IsEmpty());
  EXPECT_EQ(fakes::ledger_imbalance(store.state), 0);
}

TEST_F(Orders, Deposit_WithAKey_KeepsAnOutcomeNamingTheDepositBeforeItHasALink) {
  auto command = deposit_of(ann, 50'00);
  command.idempotency = reserve(ann, "k1");
  const auto started = deposit(std::move(command));
  ASSERT_TRUE(started);
  EXPECT_THAT(started->payment_link, Not(IsEmpty()));
  ASSERT_THAT(store.state.idempotency, SizeIs(1));
  EXPECT_EQ(store.state.idempotency[0].outcome, IdempotentOutcome::deposit(started->deposit.id));
}

TEST_F(Orders, PlaceOrder_PaidByBalanceInAnotherCurrency_DebitsTheFrozenEuroValue) {
  fund(ann, 100'00);
  auto command = order_of(ann, {{harbour.value, 11}}, 0, true);
  command.currency = "USD";  // 20 EUR -> 21.65 USD -> 20.000000 EUR back (21.65 / 1.0825)
  const auto placed = place(command);
  ASSERT_TRUE(placed);
  EXPECT_EQ(placed->order.payment.amount_minor, 21'65);
  EXPECT_EQ(balance_micro(ann), 80'000'000);
  EXPECT_EQ(fakes::ledger_imbalance(store.state), 0);
}

TEST_F(Orders, PlaceOrder_PaidByBalance_CanSpendTheWholeBalanceButNotACentMore) {
  fund(ann, 20'00);
  ASSERT_TRUE(place(order_of(ann, {{harbour.value, 11}}, 0, true)));
  EXPECT_EQ(balance_micro(ann), 0);
  EXPECT_FALSE(place(order_of(ann, {{harbour.value, 12}}, 0, true)));
}

// --- HandlePaymentEvent --------------------------------------------------------------------

TEST_F(Orders, HandlePaymentEvent_Paid_FulfilsIssuesGiftCardsAndSellsOutTheExclusive) {
  const auto placed = place(order_of(ann, {{tower.value, 21}}, 50'00));
  ASSERT_TRUE(placed);
  const auto handled = handle(paid(placed->order));
  ASSERT_TRUE(handled);
  EXPECT_EQ(handled->outcome, PaymentEventOutcome::OrderFulfilled);
  EXPECT_THAT(handled->gift_card_numbers, SizeIs(1));
  EXPECT_EQ(store.state.payments[0].status, PaymentStatus::Paid);
  EXPECT_EQ(store.state.offers[1].status, OfferStatus::SoldOut);
  EXPECT_THAT(store.state.reservations, IsEmpty());
  ASSERT_THAT(store.state.artworks, SizeIs(1));
  EXPECT_EQ(store.state.artworks[0].owner, ann);
  ASSERT_THAT(store.state.gift_cards, SizeIs(1));
  EXPECT_EQ(store.state.gift_cards[0].value_micro_eur, 50'000'000);
  EXPECT_EQ(store.state.gift_cards[0].number_digest,
            "digest(" + store.state.gift_cards[0].number + ")");
  EXPECT_EQ(fakes::ledger_imbalance(store.state), 0);
  EXPECT_EQ(balance_micro(ann), 0);  // paid by the provider, not from the balance
}

TEST_F(Orders, HandlePaymentEvent_IssuingGiftCards_MailsTheNumbersToTheBuyer) {
  const auto placed = place(order_of(ann, {}, 25'00));
  const auto handled = handle(paid(placed->order));
  ASSERT_THAT(handled.value().gift_card_numbers, SizeIs(1));
  // Queued in the transaction that issued the card, to be sent after its commit.
  const auto queued = fakes::queued_mails(store.state);
  ASSERT_THAT(queued, SizeIs(1));
  EXPECT_EQ(queued[0].to, "ann@example.com");
  EXPECT_THAT(queued[0].text_body, HasSubstr(handled->gift_card_numbers[0] + "  worth 25.00 EUR"));
}

TEST_F(Orders, HandlePaymentEvent_WhoseFirstAttemptLostToARedelivery_MailsOnlyTheStoredNumber) {
  const auto placed = place(order_of(ann, {}, 25'00));
  ASSERT_TRUE(placed);
  // The provider delivered the event twice at once: the other delivery commits while this
  // one's first attempt, which had issued a card of its own, is rolled back.
  store.attempts = 2;
  store.meanwhile = [&] { ASSERT_TRUE(handle(paid(placed->order))); };

  const auto handled = handle(paid(placed->order));

  ASSERT_TRUE(handled);
  EXPECT_EQ(handled->outcome, PaymentEventOutcome::AlreadyProcessed);
  ASSERT_THAT(store.state.gift_cards, SizeIs(1));
  const auto queued = fakes::queued_mails(store.state);
  ASSERT_THAT(queued, SizeIs(1)) << "one card, one mail";
  EXPECT_THAT(queued[0].text_body,
              HasSubstr(group_gift_card_number(store.state.gift_cards[0].number)));
}

TEST_F(Orders, HandlePaymentEvent_WithoutGiftCards_MailsNothing) {
  const auto placed = place(order_of(ann, {{harbour.value, 11}}));
  ASSERT_TRUE(handle(paid(placed->order)));
  EXPECT_THAT(fakes::queued_mails(store.state), ::testing::IsEmpty());
}

TEST_F(Orders, PlaceOrder_PaidByBalanceWithAGiftCard_MailsTheNumber) {
  fund(ann, 100'00);
  const auto placed = place(order_of(ann, {}, 30'00, true));
  ASSERT_THAT(placed.value().gift_card_numbers, SizeIs(1));
  const auto queued = fakes::queued_mails(store.state);
  ASSERT_THAT(queued, SizeIs(1));
  EXPECT_THAT(queued[0].text_body, HasSubstr(placed->gift_card_numbers[0]));
}

TEST_F(Orders, HandlePaymentEvent_DeliveredAgain_ActsOnce) {
  const auto placed = place(order_of(ann, {{harbour.value, 11}}));
  ASSERT_TRUE(handle(paid(placed->order)));
  const auto again = handle(paid(placed->order));
  ASSERT_TRUE(again);
  EXPECT_EQ(again->outcome, PaymentEventOutcome::AlreadyProcessed);
  EXPECT_THAT(store.state.artworks, SizeIs(1));
  EXPECT_THAT(store.state.ledger, SizeIs(2));
}

TEST_F(Orders, HandlePaymentEvent_ASecondPaidEventForAPaidOrder_ChangesNothing) {
  const auto placed = place(order_of(ann, {{harbour.value, 11}}));
  ASSERT_TRUE(handle(paid(placed->order, "evt_1")));
  const auto again = handle(paid(placed->order, "evt_2"));
  ASSERT_TRUE(again);
  EXPECT_EQ(again->outcome, PaymentEventOutcome::NothingToDo);
  EXPECT_THAT(store.state.ledger, SizeIs(2));
}

TEST_F(Orders, HandlePaymentEvent_Failed_FailsTheOrderAndReleasesTheExclusive) {
  const auto placed = place(order_of(ann, {{tower.value, 21}}));
  const auto handled = handle({.event_id = "evt_f",
                               .reference = placed->order.payment.reference,
                               .outcome = PaymentOutcome::Failed,
                               .amount = std::nullopt});
  ASSERT_TRUE(handled);
  EXPECT_EQ(handled->outcome, PaymentEventOutcome::OrderFailed);
  EXPECT_EQ(store.state.payments[0].status, PaymentStatus::Failed);
  EXPECT_THAT(store.state.reservations, IsEmpty());
  EXPECT_TRUE(place(order_of(bob, {{tower.value, 21}})));
}

TEST_F(Orders, HandlePaymentEvent_PaidAfterExpiry_CreditsTheBalanceOnceAndFulfilsNothing) {
  const auto placed = place(order_of(ann, {{harbour.value, 11}}));
  clock.advance(std::chrono::minutes(31));
  ASSERT_TRUE(expire());
  const auto late = handle(paid(placed->order, "evt_1"));
  ASSERT_TRUE(late);
  EXPECT_EQ(late->outcome, PaymentEventOutcome::CreditedToBalance);
  EXPECT_EQ(balance_micro(ann), 20'000'000);
  EXPECT_EQ(handle(paid(placed->order, "evt_2"))->outcome, PaymentEventOutcome::NothingToDo);
  EXPECT_EQ(balance_micro(ann), 20'000'000);
  EXPECT_THAT(store.state.artworks, IsEmpty());
  EXPECT_EQ(fakes::ledger_imbalance(store.state), 0);
}

TEST_F(Orders, HandlePaymentEvent_ForAnUnknownReference_IsNotFoundAndNotRecorded) {
  const auto handled = handle({.event_id = "evt_x",
                               .reference = "ord_unknown",
                               .outcome = PaymentOutcome::Paid,
                               .amount = std::nullopt});
  ASSERT_FALSE(handled);
  EXPECT_EQ(handled.error().kind, ErrorKind::NotFound);
  EXPECT_THAT(store.state.payment_events, IsEmpty());
}

TEST_F(Orders, HandlePaymentEvent_ReportingAnotherAmount_ChangesNothingAndIsNotRecorded) {
  const auto placed = place(order_of(ann, {{harbour.value, 11}}));
  auto event = paid(placed->order);
  event.amount = Money(19'99, Currency::EUR);
  const auto handled = handle(event);
  ASSERT_FALSE(handled);
  EXPECT_EQ(handled.error().kind, ErrorKind::Conflict);
  EXPECT_EQ(store.state.payments[0].status, PaymentStatus::Pending);
  EXPECT_THAT(store.state.ledger, IsEmpty());
  EXPECT_THAT(store.state.payment_events, IsEmpty());
}

// --- ExpireUnpaidOrders --------------------------------------------------------------------

TEST_F(Orders, ExpireUnpaidOrders_AfterThirtyMinutes_ExpiresAndReleasesTheExclusive) {
  ASSERT_TRUE(place(order_of(ann, {{tower.value, 21}})));
  ASSERT_TRUE(deposit(deposit_of(ann, 50'00)));
  clock.advance(std::chrono::minutes(29));
  EXPECT_EQ(expire()->orders, 0);
  clock.advance(std::chrono::minutes(1));
  const auto expired = expire();
  ASSERT_TRUE(expired);
  EXPECT_EQ(expired->orders, 1);
  EXPECT_EQ(expired->deposits, 1);
  EXPECT_EQ(store.state.payments[0].status, PaymentStatus::Expired);
  EXPECT_THAT(store.state.reservations, IsEmpty());
  EXPECT_TRUE(place(order_of(bob, {{tower.value, 21}})));
  // The order's payment history: placed Pending, then expired by the expiry.
  const auto order_payment = store.state.payments[0].id;
  std::vector<PaymentStatusChange> history;
  for (const auto& [id, change] : store.state.payment_history) {
    if (id == order_payment) history.push_back(change);
  }
  EXPECT_THAT(history, ElementsAre(PaymentStatusChange{.at = store.state.payments[0].created_at,
                                                       .from = std::nullopt,
                                                       .to = PaymentStatus::Pending,
                                                       .source = PaymentChangeSource::Placed},
                                   PaymentStatusChange{.at = *store.state.payments[0].settled_at,
                                                       .from = PaymentStatus::Pending,
                                                       .to = PaymentStatus::Expired,
                                                       .source = PaymentChangeSource::Expiry}));
}

// --- Deposits and balance ------------------------------------------------------------------

TEST_F(Orders, Deposit_OutsideFiveToAThousandEuros_IsRejected) {
  for (const std::int64_t amount : {4'99, 1000'01}) {
    const auto started = deposit(deposit_of(ann, amount));
    ASSERT_FALSE(started);
    EXPECT_TRUE(started.error().fields.has("depositAmount"));
  }
  EXPECT_FALSE(deposit(deposit_of(ann, 50'00, "XYZ")));
  EXPECT_THAT(store.state.payments, IsEmpty());
}

TEST_F(Orders, Deposit_WhenPaid_CreditsTheBalance) {
  const auto started = deposit(deposit_of(ann, 108'25, "USD"));
  ASSERT_TRUE(started);
  EXPECT_EQ(started->payment_link, "https://pay.test/" + started->deposit.reference);
  EXPECT_EQ(balance_micro(ann), 0);
  const auto handled = handle({.event_id = "evt_d",
                               .reference = started->deposit.reference,
                               .outcome = PaymentOutcome::Paid,
                               .amount = std::nullopt});
  ASSERT_TRUE(handled);
  EXPECT_EQ(handled->outcome, PaymentEventOutcome::DepositCredited);
  EXPECT_EQ(balance_micro(ann), 100'000'000);
  EXPECT_EQ(balance({.user = ann, .currency = "USD"}), Money(108'25, Currency::USD));
  EXPECT_EQ(balance({.user = ann, .currency = "JPY"}), Money(16240, Currency::JPY));
}

TEST_F(Orders, GetBalance_RoundsDownAndRejectsUnknownCurrencies) {
  store.state.ledger.emplace_back("test", LedgerEntry{.account = LedgerAccount::customer(ann),
                                                      .side = Side::Credit,
                                                      .amount_micro_eur = 1'009'999,
                                                      .original = Money(1'01, Currency::EUR),
                                                      .rate = Rate{Rate::kScale}});
  EXPECT_EQ(balance({.user = ann, .currency = "EUR"}), Money(1'00, Currency::EUR));
  EXPECT_EQ(balance({.user = bob, .currency = "EUR"}), Money(0, Currency::EUR));
  EXPECT_TRUE(balance({.user = ann, .currency = "BTC"}).error().fields.has("currency"));
}

// --- Gift cards ----------------------------------------------------------------------------

class GiftCards : public Orders {
 protected:
  GiftCards() {
    const auto placed = place(order_of(ann, {}, 30'00));
    number = handle(paid(placed.value().order)).value().gift_card_numbers.at(0);
  }
  std::string number;
};

TEST_F(GiftCards, Redeem_CreditsTheValueToTheRedeemer) {
  const auto redeemed = redeem({.user = bob, .gift_card_number = number});
  ASSERT_TRUE(redeemed);
  EXPECT_EQ(redeemed->value_micro_eur, 30'000'000);
  EXPECT_EQ(redeemed->balance_micro_eur, 30'000'000);
  EXPECT_EQ(balance_micro(bob), 30'000'000);
  EXPECT_EQ(store.state.gift_cards[0].redeemed_by, bob);
  EXPECT_EQ(fakes::ledger_imbalance(store.state), 0);
}

TEST_F(GiftCards, Redeem_WhoseKeyWasTakenOver_CreditsNothingAndLeavesTheCardUnused) {
  auto lost = reserve(bob, "k1");
  store.state.idempotency.clear();  // given up, as when a retry took the key over
  const auto refused = redeem({.user = bob, .gift_card_number = number, .idempotency = lost});
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().kind, ErrorKind::Conflict);
  EXPECT_EQ(balance_micro(bob), 0);

  const auto redeemed =
      redeem({.user = bob, .gift_card_number = number, .idempotency = reserve(bob, "k2")});
  ASSERT_TRUE(redeemed);
  EXPECT_EQ(redeemed->balance_micro_eur, 30'000'000);
  ASSERT_THAT(store.state.idempotency, SizeIs(1));
  EXPECT_EQ(store.state.idempotency[0].outcome,
            IdempotentOutcome::gift_card_redemption(redeemed->number_digest));
  // What a replay shows: the card's value, and the balance as it is now.
  const auto again = redeem.redeemed(bob, redeemed->number_digest);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->value_micro_eur, 30'000'000);
  EXPECT_EQ(redeem.redeemed(ann, redeemed->number_digest).error().kind, ErrorKind::NotFound);
}

TEST_F(GiftCards, Redeem_AsTypedInLowerCaseWithoutHyphens_Works) {
  std::string typed;
  for (const char c : number) {
    if (c != '-') typed += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  EXPECT_TRUE(redeem({.user = bob, .gift_card_number = typed}));
}

TEST_F(GiftCards, Redeem_ASecondTime_IsRejectedAndCreditsNothing) {
  ASSERT_TRUE(redeem({.user = bob, .gift_card_number = number}));
  const auto again = redeem({.user = ann, .gift_card_number = number});
  ASSERT_FALSE(again);
  EXPECT_THAT(again.error().fields.messages("giftCardNumber"),
              ElementsAre(std::string(RedeemGiftCard::kAlreadyUsed)));
  EXPECT_EQ(balance_micro(ann), 0);
  EXPECT_EQ(balance_micro(bob), 30'000'000);
}

// A void card (its order refunded, or voided by staff) is no card to the customer: the same
// answer as a number that does not exist, and nothing credited. The same card redeems before.
TEST_F(GiftCards, Redeem_AVoidCard_IsNotValidAndCreditsNothing) {
  ASSERT_TRUE(store.state.gift_cards[0].id.value != 0);
  store.state.gift_cards[0].voided_at = std::chrono::sys_seconds{};
  const auto refused = redeem({.user = bob, .gift_card_number = number});
  ASSERT_FALSE(refused);
  EXPECT_THAT(refused.error().fields.messages("giftCardNumber"),
              ElementsAre(std::string(RedeemGiftCard::kInvalid)));
  EXPECT_EQ(balance_micro(bob), 0);
  EXPECT_FALSE(store.state.gift_cards[0].redeemed_by);

  store.state.gift_cards[0].voided_at = std::nullopt;
  EXPECT_TRUE(redeem({.user = bob, .gift_card_number = number}));
}

TEST_F(GiftCards, Redeem_WithAWrongNumber_IsRejectedAndCounted_UntilLimited) {
  for (int i = 0; i < 10; ++i) {
    const auto wrong = redeem({.user = bob, .gift_card_number = "0000-0000-0000-0000"});
    ASSERT_FALSE(wrong);
    EXPECT_THAT(wrong.error().fields.messages("giftCardNumber"),
                ElementsAre(std::string(RedeemGiftCard::kInvalid)));
  }
  const auto limited = redeem({.user = bob, .gift_card_number = number});
  ASSERT_FALSE(limited);
  EXPECT_EQ(limited.error().kind, ErrorKind::TooManyRequests);
  EXPECT_FALSE(store.state.gift_cards[0].redeemed_by);
  clock.advance(std::chrono::hours(1));
  EXPECT_TRUE(redeem({.user = bob, .gift_card_number = number}));
}

TEST_F(GiftCards, Redeem_WithSomethingThatIsNoNumber_CountsAsAWrongNumber) {
  EXPECT_FALSE(redeem({.user = bob, .gift_card_number = "hello"}));
  EXPECT_THAT(store.state.rate_events, SizeIs(1));
}

// --- History -------------------------------------------------------------------------------

TEST_F(GiftCards, ListOrders_ShowsTheBuyerTheGiftCardNumbersNewestFirst) {
  ASSERT_TRUE(place(order_of(ann, {{harbour.value, 11}})));
  const auto orders = list_orders({.user = ann});
  ASSERT_TRUE(orders);
  ASSERT_THAT(orders->items, SizeIs(2));
  EXPECT_EQ(orders->items[0].order.payment.status, PaymentStatus::Pending);
  EXPECT_THAT(orders->items[1].gift_card_numbers, ElementsAre(number));
  EXPECT_THAT(list_orders({.user = bob}).value().items, IsEmpty());
}

TEST_F(Orders, ListArtworks_ListsOnlyTheCallersPaidPictures) {
  const auto placed = place(order_of(ann, {{harbour.value, 12}}));
  EXPECT_THAT(list_artworks(ann).value(), IsEmpty());
  ASSERT_TRUE(handle(paid(placed->order)));
  const auto artworks = list_artworks(ann);
  ASSERT_THAT(artworks.value(), SizeIs(1));
  EXPECT_EQ(artworks->at(0).artwork.licence, Licence::Commercial);
  EXPECT_EQ(artworks->at(0).artwork.title, "Harbour");
  EXPECT_EQ(artworks->at(0).artwork.order, placed->order.id);
  EXPECT_NE(artworks->at(0).artwork.id, ArtworkId{});
  EXPECT_THAT(list_artworks(bob).value(), IsEmpty());
}

TEST_F(Orders, ListArtworks_GivesTheOffersUrlNameThumbnailAndTheSizeAtTheBoughtEdge) {
  auto& offer = store.state.offers[static_cast<std::size_t>(harbour.value - 1)];
  offer.width = 4096;
  offer.height = 2731;  // 3:2, rounded
  offer.images = {.thumbnail_webp = "ab/thumb.webp",
                  .thumbnail_jpeg = "ab/thumb.jpg",
                  .preview_webp = "cd/preview.webp",
                  .preview_jpeg = "cd/preview.jpg"};
  const auto placed = place(order_of(ann, {{harbour.value, 11}}));
  ASSERT_TRUE(handle(paid(placed->order)));
  const auto artworks = list_artworks(ann);
  ASSERT_THAT(artworks.value(), SizeIs(1));
  const auto& owned = artworks->at(0);
  EXPECT_EQ(owned.url_name, "harbour");
  EXPECT_EQ(owned.images.thumbnail_webp, "ab/thumb.webp");
  EXPECT_EQ(owned.images.thumbnail_jpeg, "ab/thumb.jpg");
  EXPECT_EQ(owned.artwork.long_edge, 1920);
  EXPECT_EQ(owned.width, 1920);
  EXPECT_EQ(owned.height, 1280);  // 2731 * 1920 / 4096 = 1280.2
}

TEST_F(Orders, ListArtworks_NewestFirst) {
  const auto first = place(order_of(ann, {{harbour.value, 11}}, 0));
  ASSERT_TRUE(handle(paid(first->order, "evt_a")));
  clock.advance(std::chrono::seconds(60));
  const auto second = place(order_of(ann, {{harbour.value, 12}}));
  ASSERT_TRUE(handle(paid(second->order, "evt_b")));
  const auto artworks = list_artworks(ann).value();
  ASSERT_THAT(artworks, SizeIs(2));
  EXPECT_EQ(artworks[0].artwork.order, second->order.id);
  EXPECT_EQ(artworks[1].artwork.order, first->order.id);
}

TEST_F(Orders, ReturnUrls_GetTheIdOfTheOrderOrDepositInPlaceOfTheirPlaceholder) {
  auto command = order_of(ann, {{harbour.value, 11}});
  command.urls = {.success = "https://shop.test/order-history?order={id}",
                  .cancel = "https://shop.test/order-history?order={id}&cancelled=1"};
  const auto placed = place(command);
  ASSERT_TRUE(placed);
  const auto id = std::to_string(placed->order.id.value);
  ASSERT_THAT(gateway.requests, SizeIs(1));
  EXPECT_EQ(gateway.requests[0].return_url, "https://shop.test/order-history?order=" + id);
  EXPECT_EQ(gateway.requests[0].cancel_url,
            "https://shop.test/order-history?order=" + id + "&cancelled=1");

  auto funding = deposit_of(ann, 20'00);
  funding.urls = {.success = "https://shop.test/balance?deposit={id}", .cancel = "{id}/{id}"};
  const auto started = deposit(funding);
  ASSERT_TRUE(started);
  const auto deposit_id = std::to_string(started->deposit.id.value);
  ASSERT_THAT(gateway.requests, SizeIs(2));
  EXPECT_EQ(gateway.requests[1].return_url, "https://shop.test/balance?deposit=" + deposit_id);
  EXPECT_EQ(gateway.requests[1].cancel_url, deposit_id + "/" + deposit_id);
}

// --- GetOrder, GetDeposit ------------------------------------------------------------------

TEST_F(Orders, GetOrder_AnswersTheCallersOrderWithItsGiftCardNumbersOncePaid) {
  const auto placed = place(order_of(ann, {{harbour.value, 11}}, 25'00));
  ASSERT_TRUE(placed);
  const auto pending = get_order(ann, placed->order.id);
  ASSERT_TRUE(pending);
  EXPECT_EQ(pending->order.payment.status, PaymentStatus::Pending);
  EXPECT_THAT(pending->gift_card_numbers, IsEmpty());
  ASSERT_TRUE(handle(paid(placed->order)));
  const auto settled = get_order(ann, placed->order.id);
  ASSERT_TRUE(settled);
  EXPECT_EQ(settled->order.payment.status, PaymentStatus::Paid);
  EXPECT_THAT(settled->gift_card_numbers, SizeIs(1));
  EXPECT_THAT(settled->gift_card_numbers[0],
              MatchesRegex("[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}"));
}

TEST_F(Orders, GetOrder_OfAnotherUserOrUnknown_IsNotFound) {
  const auto placed = place(order_of(ann, {{harbour.value, 11}}));
  ASSERT_TRUE(placed);
  const auto foreign = get_order(bob, placed->order.id);
  ASSERT_FALSE(foreign);
  EXPECT_EQ(foreign.error().kind, ErrorKind::NotFound);
  const auto unknown = get_order(ann, OrderId{999});
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().kind, ErrorKind::NotFound);
}

TEST_F(Orders, GetDeposit_AnswersTheCallersDepositAndNotFoundForAnyOther) {
  const auto started = deposit(deposit_of(ann, 50'00));
  ASSERT_TRUE(started);
  const auto mine = get_deposit(ann, started->deposit.id);
  ASSERT_TRUE(mine);
  EXPECT_EQ(mine->amount(), Money(50'00, Currency::EUR));
  EXPECT_EQ(mine->status, PaymentStatus::Pending);
  EXPECT_EQ(get_deposit(bob, started->deposit.id).error().kind, ErrorKind::NotFound);
  EXPECT_EQ(get_deposit(ann, PaymentId{42}).error().kind, ErrorKind::NotFound);
}

TEST_F(Orders, GetDeposit_OfTheIdOfAnOrdersPayment_IsNotFound) {
  const auto placed = place(order_of(ann, {{harbour.value, 11}}));
  ASSERT_TRUE(placed);
  EXPECT_EQ(get_deposit(ann, placed->order.payment.id).error().kind, ErrorKind::NotFound);
}

// --- Limits (docs/limits.md) ---------------------------------------------------------------

TEST_F(Orders, PlaceOrder_WithMoreLinesThanAnOrderHolds_IsRejectedAndWritesNothing) {
  const std::vector<CartLine> lines(OrderLimits{}.max_cart_lines + 1, CartLine{harbour.value, 11});
  const auto placed = place(order_of(ann, lines));
  ASSERT_FALSE(placed);
  EXPECT_THAT(placed.error().fields.messages("cartItems"),
              ElementsAre("An order holds at most 50 pictures."));
  EXPECT_THAT(store.state.orders, IsEmpty());
  EXPECT_THAT(gateway.requests, IsEmpty());
}

TEST_F(Orders, PlaceOrder_WithFiveUnpaidOrders_RefusesASixthUntilOneExpires) {
  for (int i = 0; i < 5; ++i) ASSERT_TRUE(place(order_of(ann, {{harbour.value, 11}})));

  const auto sixth = place(order_of(ann, {{harbour.value, 11}}));
  ASSERT_FALSE(sixth);
  EXPECT_THAT(sixth.error().fields.messages(ValidationErrors::kGeneral),
              ElementsAre(HasSubstr("You have 5 unpaid orders.")));
  EXPECT_THAT(store.state.orders, SizeIs(5));
  EXPECT_TRUE(place(order_of(bob, {{harbour.value, 11}}))) << "another customer is not limited";

  clock.advance(kPaymentWindow);
  EXPECT_TRUE(place(order_of(ann, {{harbour.value, 11}})));
}

TEST_F(Orders, PlaceOrder_PaidByBalance_IsNotLimitedByUnpaidOrders) {
  fund(ann, 100'00);
  for (int i = 0; i < 5; ++i) ASSERT_TRUE(place(order_of(ann, {{harbour.value, 11}})));
  const auto paid = place(order_of(ann, {{harbour.value, 11}}, 0, true));
  ASSERT_TRUE(paid);
  EXPECT_EQ(paid->order.payment.status, PaymentStatus::Paid);
}

TEST_F(Orders, PlaceOrder_HoldingThreeExclusivesInUnpaidOrders_RefusesAFourth) {
  std::vector<OfferId> exclusives{tower};
  for (const std::int64_t attribute : {31, 41, 51}) {
    exclusives.push_back(fakes::add_offer(store.state, "Exclusive " + std::to_string(attribute),
                                          {{attribute, Licence::ExclusiveCommercial, 300'00}}));
  }
  ASSERT_TRUE(place(order_of(ann, {{exclusives[0].value, 21}, {exclusives[1].value, 31}})));
  ASSERT_TRUE(place(order_of(ann, {{exclusives[2].value, 41}})));

  const auto fourth = place(order_of(ann, {{exclusives[3].value, 51}}));
  ASSERT_FALSE(fourth);
  EXPECT_THAT(fourth.error().fields.messages("cartItems"),
              ElementsAre(HasSubstr("at most 3 exclusive pictures")));
  EXPECT_THAT(store.state.reservations, SizeIs(3));
  EXPECT_TRUE(place(order_of(bob, {{exclusives[3].value, 51}})));
}

TEST_F(Orders, PlaceOrder_WithMoreExclusivesThanMayBeHeld_IsRejectedAtOnce) {
  std::vector<CartLine> lines{{tower.value, 21}};
  for (const std::int64_t attribute : {31, 41, 51}) {
    const auto offer = fakes::add_offer(store.state, "Exclusive " + std::to_string(attribute),
                                        {{attribute, Licence::ExclusiveCommercial, 300'00}});
    lines.push_back({offer.value, attribute});
  }
  const auto placed = place(order_of(ann, lines));
  ASSERT_FALSE(placed);
  EXPECT_TRUE(placed.error().fields.has("cartItems"));
  EXPECT_THAT(store.state.orders, IsEmpty());
}

TEST_F(Orders, Deposit_WithFiveUnpaidDeposits_RefusesASixthUntilOneExpires) {
  for (int i = 0; i < 5; ++i) ASSERT_TRUE(deposit(deposit_of(ann, 50'00)));

  const auto sixth = deposit(deposit_of(ann, 50'00));
  ASSERT_FALSE(sixth);
  EXPECT_THAT(sixth.error().fields.messages(ValidationErrors::kGeneral),
              ElementsAre(HasSubstr("You have 5 unpaid deposits.")));
  EXPECT_THAT(store.state.payments, SizeIs(5));

  clock.advance(kPaymentWindow);
  EXPECT_TRUE(deposit(deposit_of(ann, 50'00)));
}

TEST_F(Orders, PlaceOrder_WithBrowserDetailsOutOfBounds_ReportsEachFieldAndWritesNothing) {
  auto command = order_of(ann, {{harbour.value, 11}});
  command.browser = {.javascript_enabled = true,
                     .accept_language = std::string(kMaxAcceptLanguageLength + 1, 'a'),
                     .screen_width = -1,
                     .screen_height = kMaxScreenSize + 1,
                     .time_zone_offset = kMinTimeZoneOffset - 1,
                     .user_agent = std::string(kMaxUserAgentLength + 1, 'u')};
  const auto placed = place(command);
  ASSERT_FALSE(placed);
  const auto& fields = placed.error().fields;
  EXPECT_THAT(fields.messages("userAgent"), ElementsAre("Must be at most 512 characters."));
  EXPECT_THAT(fields.messages("acceptLanguage"), ElementsAre("Must be at most 128 characters."));
  EXPECT_THAT(fields.messages("timeZoneOffset"),
              ElementsAre("Must be between -840 and 720 minutes."));
  EXPECT_THAT(fields.messages("screenWidth"), ElementsAre("Must be between 0 and 65535 pixels."));
  EXPECT_TRUE(fields.has("screenHeight"));
  EXPECT_THAT(store.state.orders, IsEmpty());
}

TEST_F(Orders, Deposit_WithTheLongestBrowserDetailsAllowed_IsStarted) {
  auto command = deposit_of(ann, 50'00);
  command.browser = {.javascript_enabled = false,
                     .accept_language = std::string(kMaxAcceptLanguageLength, 'a'),
                     .screen_width = kMaxScreenSize,
                     .screen_height = 0,
                     .time_zone_offset = kMaxTimeZoneOffset,
                     .user_agent = std::string(kMaxUserAgentLength, 'u')};
  const auto started = deposit(command);
  ASSERT_TRUE(started) << started.error().detail;
  EXPECT_EQ(started->deposit.browser, command.browser);
}

TEST_F(Orders, ListOrders_AnswersOnePageNewestFirstWithTheTotal) {
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(place(order_of(ann, {{harbour.value, 11}})));

  const auto first = list_orders({.user = ann, .page = std::nullopt, .page_size = "2"});
  ASSERT_TRUE(first);
  EXPECT_EQ(first->total, 3);
  EXPECT_EQ(first->page, 1);
  EXPECT_EQ(first->page_size, 2);
  ASSERT_THAT(first->items, SizeIs(2));
  EXPECT_EQ(first->items[0].order.id, OrderId{3});
  const auto second = list_orders({.user = ann, .page = "2", .page_size = "2"});
  ASSERT_TRUE(second);
  ASSERT_THAT(second->items, SizeIs(1));
  EXPECT_EQ(second->items[0].order.id, OrderId{1});
  EXPECT_EQ(list_orders({.user = ann}).value().page_size, ListOrders::kDefaultPageSize);
}

TEST_F(Orders, ListOrders_WithAPageOrPageSizeOutOfRange_ReportsTheParameter) {
  const auto bad = list_orders({.user = ann, .page = "0", .page_size = "101"});
  ASSERT_FALSE(bad);
  EXPECT_THAT(bad.error().fields.messages("Page"),
              ElementsAre("Page must be a whole number from 1 to 1000000."));
  EXPECT_THAT(bad.error().fields.messages("PageSize"),
              ElementsAre("PageSize must be a whole number from 1 to 100."));
  EXPECT_TRUE(list_orders({.user = ann, .page = "x"}).error().fields.has("Page"));
}

}  // namespace
}  // namespace artshop
