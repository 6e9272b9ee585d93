#include <gtest/gtest.h>

#include <string>

#include "artshop/payments/checkout_event.hpp"

namespace artshop::payments {
namespace {

// A Stripe event as its webhook sends it, cut down to what matters here.
std::string event(std::string_view type, std::string_view session_fields) {
  return R"({"id":"evt_1Abc","object":"event","type":")" + std::string(type) +
         R"(","created":1700000000,"data":{"object":{"id":"cs_test_1","object":"checkout.session",)" +
         std::string(session_fields) + "}}}";
}

constexpr std::string_view kPaidSession =
    R"("client_reference_id":"ord_42","payment_status":"paid","amount_total":1234,"currency":"eur")";
constexpr std::string_view kUnpaidSession =
    R"("client_reference_id":"ord_42","payment_status":"unpaid","amount_total":1234,"currency":"eur")";

TEST(PaymentCheckoutEvent, CompletedAndPaid_IsPaidWithTheAmount) {
  const auto read = read_checkout_event(event("checkout.session.completed", kPaidSession));
  ASSERT_TRUE(read.has_value());
  EXPECT_EQ(read->event_id, "evt_1Abc");
  EXPECT_EQ(read->reference, "ord_42");
  EXPECT_EQ(read->outcome, PaymentOutcome::Paid);
  EXPECT_EQ(read->amount, Money(1234, Currency::EUR));
  EXPECT_EQ(read->kind, "checkout.session.completed") << "kept for the order page";
}

TEST(PaymentCheckoutEvent, CompletedButUnpaid_IsIgnoredUntilTheAsyncOutcome) {
  EXPECT_EQ(read_checkout_event(event("checkout.session.completed", kUnpaidSession)).error(),
            WebhookError::Ignored);
}

TEST(PaymentCheckoutEvent, AsyncPaymentSucceeded_IsPaid) {
  const auto read =
      read_checkout_event(event("checkout.session.async_payment_succeeded", kPaidSession));
  ASSERT_TRUE(read.has_value());
  EXPECT_EQ(read->outcome, PaymentOutcome::Paid);
  EXPECT_EQ(read->reference, "ord_42");
}

TEST(PaymentCheckoutEvent, AsyncPaymentFailedAndExpired_AreFailed) {
  for (const auto* type : {"checkout.session.async_payment_failed", "checkout.session.expired"}) {
    const auto read = read_checkout_event(event(type, kUnpaidSession));
    ASSERT_TRUE(read.has_value()) << type;
    EXPECT_EQ(read->kind, type);
    EXPECT_EQ(read->outcome, PaymentOutcome::Failed) << type;
    EXPECT_EQ(read->reference, "ord_42") << type;
  }
}

TEST(PaymentCheckoutEvent, OtherTypes_AreIgnoredEvenWithoutAReference) {
  EXPECT_EQ(read_checkout_event(event("payment_intent.succeeded", R"("amount":1234)")).error(),
            WebhookError::Ignored);
  EXPECT_EQ(read_checkout_event(event("charge.succeeded", kPaidSession)).error(),
            WebhookError::Ignored);
}

TEST(PaymentCheckoutEvent, ZeroDecimalCurrency_KeepsWholeYen) {
  const auto read = read_checkout_event(event(
      "checkout.session.completed",
      R"("client_reference_id":"dep_7","payment_status":"paid","amount_total":1500,"currency":"jpy")"));
  ASSERT_TRUE(read.has_value());
  EXPECT_EQ(read->amount, Money(1500, Currency::JPY));
  EXPECT_EQ(read->amount->amount_text(), "1500");
}

TEST(PaymentCheckoutEvent, NoAmount_IsPaidWithoutOne) {
  const auto read = read_checkout_event(event(
      "checkout.session.completed", R"("client_reference_id":"ord_42","payment_status":"paid")"));
  ASSERT_TRUE(read.has_value());
  EXPECT_FALSE(read->amount.has_value());
}

TEST(PaymentCheckoutEvent, UnreadableJson_IsMalformed) {
  for (const std::string_view body : {"", "not json", "[1,2]", R"({"id":"evt_1")", "null"}) {
    EXPECT_EQ(read_checkout_event(body).error(), WebhookError::Malformed) << body;
  }
}

TEST(PaymentCheckoutEvent, MissingIdOrReference_IsMalformed) {
  const std::string without_id = R"({"type":"checkout.session.completed","data":{"object":{)" +
                                 std::string(kPaidSession) + "}}}";
  EXPECT_EQ(read_checkout_event(without_id).error(), WebhookError::Malformed);
  EXPECT_EQ(
      read_checkout_event(event("checkout.session.completed",
                                R"("payment_status":"paid","amount_total":1234,"currency":"eur")"))
          .error(),
      WebhookError::Malformed);
  EXPECT_EQ(
      read_checkout_event(event("checkout.session.expired", R"("client_reference_id":"")")).error(),
      WebhookError::Malformed);
  EXPECT_EQ(read_checkout_event(R"({"id":"evt_1","type":"checkout.session.completed"})").error(),
            WebhookError::Malformed);
}

TEST(PaymentCheckoutEvent, UnreadableAmount_IsMalformedRatherThanUnstated) {
  for (
      const std::string_view session : {
          R"("client_reference_id":"ord_42","payment_status":"paid","amount_total":1234,"currency":"xyz")",
          R"("client_reference_id":"ord_42","payment_status":"paid","amount_total":1234)",
          R"("client_reference_id":"ord_42","payment_status":"paid","amount_total":"1234","currency":"eur")",
          R"("client_reference_id":"ord_42","payment_status":"paid","amount_total":12.5,"currency":"eur")",
      }) {
    EXPECT_EQ(read_checkout_event(event("checkout.session.completed", session)).error(),
              WebhookError::Malformed)
        << session;
  }
}

}  // namespace
}  // namespace artshop::payments
