// ReceivePaymentWebhook: a delivery verified through the gateway with the signature it came
// with, handed to HandlePaymentEvent, and what the provider is told.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "artshop/core/orders/handle_payment_event.hpp"
#include "artshop/core/orders/place_order.hpp"
#include "artshop/core/orders/receive_payment_webhook.hpp"
#include "fakes/fake_ports.hpp"
#include "fakes/order_fakes.hpp"

namespace artshop {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// Reads its signature from "X-Test-Signature" and answers what the test scripted, remembering
// what it was handed.
class ScriptedGateway final : public PaymentGateway {
 public:
  Checkout create_checkout(const CheckoutRequest& request) override {
    return {.payment_link = "https://pay.test/" + request.reference, .provider_session = {}};
  }
  std::string_view signature_header() const override { return "X-Test-Signature"; }
  std::expected<PaymentEvent, WebhookError> parse_webhook(
      std::string_view body, std::string_view signature,
      std::chrono::system_clock::time_point) override {
    bodies.emplace_back(body);
    signatures.emplace_back(signature);
    return answer;
  }

  std::expected<PaymentEvent, WebhookError> answer = std::unexpected(WebhookError::Ignored);
  std::vector<std::string> bodies;
  std::vector<std::string> signatures;
};

class Webhooks : public ::testing::Test {
 protected:
  Webhooks() {
    ann = fakes::add_account(store.state, "ann@example.com");
    harbour = fakes::add_offer(store.state, "Harbour", {{11, Licence::Personal, 20'00}});
  }

  // A pending order of one picture.
  Order pending_order() {
    auto placed = place({.user = ann,
                         .names = {.first_name = "Ann", .last_name = "Example"},
                         .billing = {.country = "de",
                                     .state = "",
                                     .city = "Berlin",
                                     .address1 = "Unter den Linden 1",
                                     .zip_code = "10117"},
                         .cart_items = {{harbour.value, 11}},
                         .gift_card_amount = std::nullopt,
                         .currency = "EUR",
                         .agreed_to_terms = true,
                         .pay_by_balance = false,
                         .browser = {},
                         .urls = {}});
    EXPECT_TRUE(placed) << placed.error().detail;
    return placed->order;
  }

  Result<ReceivedWebhook> deliver(std::string_view body = "{}") { return receive(body, signature); }

  fakes::InMemoryUnitOfWork store;
  fakes::FixedClock clock;
  fakes::CountingRandom random;
  fakes::PlainDigests digests;
  fakes::FixedRates rates;
  ScriptedGateway gateway;
  FulfilPaidOrder fulfil{random, digests};
  PlaceOrder place{store, rates, &gateway, random, fulfil, clock};
  HandlePaymentEvent handle{store, fulfil, clock};
  ReceivePaymentWebhook receive{gateway, handle, clock};
  std::string signature = "t=1,v1=ab";
  UserId ann;
  OfferId harbour;
};

TEST_F(Webhooks, ThePaidEventOfAPendingOrder_IsVerifiedWithItsSignatureAndFulfilsIt) {
  const auto order = pending_order();
  gateway.answer = PaymentEvent{.event_id = "evt_1",
                                .reference = order.payment.reference,
                                .outcome = PaymentOutcome::Paid,
                                .amount = order.total()};
  const auto received = deliver("the raw body");
  ASSERT_TRUE(received) << received.error().detail;
  EXPECT_EQ(received->receipt, WebhookReceipt::Handled);
  EXPECT_EQ(received->outcome, PaymentEventOutcome::OrderFulfilled);
  EXPECT_EQ(received->event_id, "evt_1");
  EXPECT_EQ(received->reference, order.payment.reference);
  EXPECT_THAT(gateway.bodies, ElementsAre("the raw body"));
  EXPECT_THAT(gateway.signatures, ElementsAre("t=1,v1=ab"));

  const auto again = deliver();
  ASSERT_TRUE(again);
  EXPECT_EQ(again->outcome, PaymentEventOutcome::AlreadyProcessed);
}

TEST_F(Webhooks, AnEventOfAnotherKind_IsAcknowledgedAndChangesNothing) {
  const auto received = deliver();
  ASSERT_TRUE(received);
  EXPECT_EQ(received->receipt, WebhookReceipt::Ignored);
}

TEST_F(Webhooks, AnEventForAnUnknownReference_IsAcknowledgedSoItIsNotResent) {
  gateway.answer = PaymentEvent{.event_id = "evt_2",
                                .reference = "ord_nobody",
                                .outcome = PaymentOutcome::Paid,
                                .amount = std::nullopt};
  const auto received = deliver();
  ASSERT_TRUE(received) << received.error().detail;
  EXPECT_EQ(received->receipt, WebhookReceipt::UnknownReference);
  EXPECT_EQ(received->reference, "ord_nobody");
}

TEST_F(Webhooks, ABadSignatureOrAnUnreadableEvent_IsAGeneralValidationError) {
  signature.clear();
  gateway.answer = std::unexpected(WebhookError::BadSignature);
  const auto bad = deliver();
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().kind, ErrorKind::Validation);
  EXPECT_THAT(bad.error().fields.messages(""), ElementsAre("The webhook signature is not valid."));
  EXPECT_THAT(gateway.signatures, ElementsAre("")) << "a delivery without one is checked as empty";

  gateway.answer = std::unexpected(WebhookError::Malformed);
  const auto unreadable = deliver();
  ASSERT_FALSE(unreadable);
  EXPECT_THAT(unreadable.error().fields.messages(""),
              ElementsAre("The webhook is not a readable event."));
}

TEST_F(Webhooks, AnotherAmountThanAskedFor_IsAConflictNamingTheEvent) {
  const auto order = pending_order();
  gateway.answer = PaymentEvent{.event_id = "evt_3",
                                .reference = order.payment.reference,
                                .outcome = PaymentOutcome::Paid,
                                .amount = Money(1, Currency::EUR)};
  const auto received = deliver();
  ASSERT_FALSE(received);
  EXPECT_EQ(received.error().kind, ErrorKind::Conflict);
  EXPECT_THAT(received.error().detail, HasSubstr("evt_3"));
}

}  // namespace
}  // namespace artshop
