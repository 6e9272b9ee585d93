#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <stdexcept>
#include <string>

#include "artshop/payments/stripe_gateway.hpp"
#include "artshop/payments/webhook_signature.hpp"
#include "payments_test_support.hpp"

namespace artshop::payments {
namespace {

using namespace std::chrono_literals;
using test_support::CannedAnswer;
using test_support::decode_form;
using test_support::LoopbackHttpServer;
using test_support::ManualClock;
using test_support::RecordedRequest;
using test_support::StripeDouble;
using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::ThrowsMessage;

// Made-up values of Stripe's shapes; nothing here is a real key.
constexpr std::string_view kSecretKey = "sk_test_fake_key_for_artshop_tests";
constexpr std::string_view kWebhookSecret = "whsec_fake_secret_for_artshop_tests";
constexpr std::string_view kSessionAnswer =
    R"({"id":"cs_test_a1B2","object":"checkout.session","status":"open",)"
    R"("url":"https://checkout.stripe.com/c/pay/cs_test_a1B2#fid"})";

class StripeGatewayTest : public ::testing::Test {
 protected:
  StripeGateway gateway_for(const std::string& api_base) const {
    return StripeGateway(StripeOptions{.secret_key = std::string(kSecretKey),
                                       .webhook_secret = std::string(kWebhookSecret),
                                       .api_base = api_base,
                                       .timeout = 5s},
                         clock);
  }
  StripeGateway gateway_for(const LoopbackHttpServer& server) const {
    return gateway_for(server.url(""));
  }

  CheckoutRequest request() const {
    return CheckoutRequest{
        .reference = "ord_17",
        .amount = Money(1234, Currency::EUR),
        .description = "Order 17: Dunes & sea, 4K = 1 picture + 100% love",
        .customer_email = "ada+shop@example.com",
        .first_name = "Ada",
        .last_name = "Lovelace",
        .billing = {.country = "DE",
                    .state = "Berlin",
                    .city = "Berlin",
                    .address1 = "Straße des 17. Juni 1",
                    .zip_code = "10623"},
        .browser = {.javascript_enabled = true,
                    .accept_language = "de-DE,de;q=0.9",
                    .screen_width = 2560,
                    .screen_height = 1440,
                    .time_zone_offset = -60,
                    .user_agent = "Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0"},
        .return_url = "http://shop.test/order-history?order=17",
        .cancel_url = "http://shop.test/order-history?order=17&cancelled=1",
        .expires_at = std::chrono::floor<std::chrono::seconds>(clock.now()) + 30min};
  }

  ManualClock clock;
};

TEST_F(StripeGatewayTest, CreateCheckout_PostsTheSessionFormWithTheSecretKey) {
  LoopbackHttpServer stripe(
      [](const RecordedRequest&) { return CannedAnswer{.body = std::string(kSessionAnswer)}; });
  StripeGateway gateway = gateway_for(stripe);

  const Checkout checkout = gateway.create_checkout(request());

  EXPECT_EQ(checkout.payment_link, "https://checkout.stripe.com/c/pay/cs_test_a1B2#fid");
  EXPECT_EQ(checkout.provider_session, "cs_test_a1B2");
  const auto requests = stripe.received();
  ASSERT_EQ(requests.size(), 1U);
  const RecordedRequest& sent = requests.front();
  EXPECT_EQ(sent.method, "POST");
  EXPECT_EQ(sent.target, "/v1/checkout/sessions");
  EXPECT_EQ(sent.header("Authorization"), "Bearer " + std::string(kSecretKey));
  EXPECT_EQ(sent.header("Content-Type"), "application/x-www-form-urlencoded");
  // Properly encoded: nothing that would split or change a value goes through raw.
  EXPECT_THAT(sent.body, AllOf(Not(HasSubstr(" ")), Not(HasSubstr("+")), Not(HasSubstr("ß")),
                               HasSubstr("%5B")));

  auto form = decode_form(sent.body);
  EXPECT_EQ(form["mode"], "payment");
  EXPECT_EQ(form["client_reference_id"], "ord_17");
  EXPECT_EQ(form["success_url"], "http://shop.test/order-history?order=17");
  EXPECT_EQ(form["cancel_url"], "http://shop.test/order-history?order=17&cancelled=1");
  EXPECT_EQ(form["customer_email"], "ada+shop@example.com");
  EXPECT_EQ(form["line_items[0][quantity]"], "1");
  EXPECT_EQ(form["line_items[0][price_data][currency]"], "eur");
  EXPECT_EQ(form["line_items[0][price_data][unit_amount]"], "1234");
  EXPECT_EQ(form["line_items[0][price_data][product_data][name]"],
            "Order 17: Dunes & sea, 4K = 1 picture + 100% love");
  EXPECT_EQ(form["metadata[reference]"], "ord_17");
  EXPECT_EQ(form["payment_intent_data[metadata][reference]"], "ord_17");
  EXPECT_EQ(form["metadata[billing_country]"], "DE");
  EXPECT_EQ(form["metadata[billing_city]"], "Berlin");
  EXPECT_EQ(form["metadata[billing_address1]"], "Straße des 17. Juni 1");
  EXPECT_EQ(form["metadata[billing_zip_code]"], "10623");
  EXPECT_EQ(form["metadata[browser_accept_language]"], "de-DE,de;q=0.9");
  EXPECT_EQ(form["metadata[browser_screen]"], "2560x1440");
  EXPECT_EQ(form["metadata[browser_time_zone_offset]"], "-60");
  EXPECT_EQ(form["metadata[browser_user_agent]"], "Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0");

  // Stripe refuses a session that expires within 30 minutes of its own clock.
  const auto now = std::chrono::floor<std::chrono::seconds>(clock.now()).time_since_epoch();
  const long long expires_at = std::stoll(form["expires_at"]);
  EXPECT_GE(expires_at, (now + 30min).count());
  EXPECT_LE(expires_at, (now + 24h).count());
}

TEST_F(StripeGatewayTest, CreateCheckout_SendsWholeYenAndCutsLongMetadataToStripesLimit) {
  LoopbackHttpServer stripe(
      [](const RecordedRequest&) { return CannedAnswer{.body = std::string(kSessionAnswer)}; });
  StripeGateway gateway = gateway_for(stripe);
  CheckoutRequest yen = request();
  yen.amount = Money(1500, Currency::JPY);
  yen.browser.user_agent = std::string(499, 'a') + "é and more";  // é straddles the limit

  gateway.create_checkout(yen);

  auto form = decode_form(stripe.received().at(0).body);
  EXPECT_EQ(form["line_items[0][price_data][currency]"], "jpy");
  EXPECT_EQ(form["line_items[0][price_data][unit_amount]"], "1500");
  EXPECT_EQ(form["metadata[browser_user_agent]"], std::string(499, 'a'));
}

TEST_F(StripeGatewayTest, StripeRefusal_ThrowsWithStripesMessageButNeverTheKey) {
  LoopbackHttpServer stripe([](const RecordedRequest&) {
    return CannedAnswer{
        .status = 400,
        .body = R"({"error":{"type":"invalid_request_error","message":"Invalid currency: xyz."}})"};
  });
  StripeGateway gateway = gateway_for(stripe);

  EXPECT_THAT([&] { gateway.create_checkout(request()); },
              ThrowsMessage<std::runtime_error>(
                  AllOf(HasSubstr("Invalid currency: xyz."), Not(HasSubstr(kSecretKey)))));
}

TEST_F(StripeGatewayTest, AnswerWithoutAUrl_Throws) {
  LoopbackHttpServer stripe(
      [](const RecordedRequest&) { return CannedAnswer{.body = R"({"id":"cs_test_1"})"}; });
  StripeGateway gateway = gateway_for(stripe);

  EXPECT_THROW(gateway.create_checkout(request()), std::runtime_error);
}

TEST_F(StripeGatewayTest, NoAnswer_ThrowsWithoutTheKey) {
  auto closed = std::make_unique<LoopbackHttpServer>();
  const std::string api_base = closed->url("");
  closed.reset();  // nothing listens there any more
  StripeGateway gateway = gateway_for(api_base);

  EXPECT_THAT([&] { gateway.create_checkout(request()); },
              ThrowsMessage<std::runtime_error>(Not(HasSubstr(kSecretKey))));
}

TEST_F(StripeGatewayTest, Webhook_SignedWithTheEndpointSecretIsReadAndAnotherRefused) {
  LoopbackHttpServer unused;
  StripeGateway gateway = gateway_for(unused);
  const std::string body =
      R"({"id":"evt_1Q2w","object":"event","type":"checkout.session.completed",)"
      R"("data":{"object":{"id":"cs_test_a1B2","object":"checkout.session",)"
      R"("client_reference_id":"ord_17","payment_status":"paid","amount_total":1234,"currency":"eur",)"
      R"("payment_intent":"pi_3Q2w"}}})";
  const auto now = std::chrono::floor<std::chrono::seconds>(clock.now());

  const auto event = gateway.parse_webhook(body, sign_webhook(kWebhookSecret, body, now), now);
  ASSERT_TRUE(event.has_value());
  EXPECT_EQ(event->event_id, "evt_1Q2w");
  EXPECT_EQ(event->reference, "ord_17");
  EXPECT_EQ(event->outcome, PaymentOutcome::Paid);
  EXPECT_EQ(event->amount, Money(1234, Currency::EUR));
  EXPECT_EQ(event->provider_payment, "pi_3Q2w");  // what a refund of it names

  EXPECT_EQ(gateway.parse_webhook(body, sign_webhook("whsec_other", body, now), now).error(),
            WebhookError::BadSignature);
  EXPECT_EQ(gateway.parse_webhook(body, sign_webhook(kSecretKey, body, now), now).error(),
            WebhookError::BadSignature);
}

// A refund of order 17's payment, our refund 7.
ProviderRefundRequest refund_request() {
  return {.reference = "rfd_7",
          .payment_reference = "ord_17",
          .amount = Money(1234, Currency::EUR),
          .provider_payment = "pi_3Q2w"};
}

TEST_F(StripeGatewayTest, Refund_PostsThePaymentIntentAndAmountUnderOurReferenceAsIdempotencyKey) {
  StripeDouble stripe;
  StripeGateway gateway = gateway_for(stripe.api_base());

  const auto answer = gateway.refund(refund_request());

  EXPECT_EQ(answer.outcome, ProviderRefundAnswer::Outcome::Accepted) << answer.detail;
  EXPECT_EQ(answer.provider_refund, "re_test_1");
  const auto requests = stripe.received_at("/v1/refunds");
  ASSERT_EQ(requests.size(), 1U);
  const RecordedRequest& sent = requests.front();
  EXPECT_EQ(sent.method, "POST");
  EXPECT_EQ(sent.header("Authorization"), "Bearer " + std::string(kSecretKey));
  EXPECT_EQ(sent.header("Content-Type"), "application/x-www-form-urlencoded");
  EXPECT_EQ(sent.header("Idempotency-Key"), "rfd_7");
  auto form = decode_form(sent.body);
  EXPECT_EQ(form["payment_intent"], "pi_3Q2w");
  EXPECT_EQ(form["amount"], "1234");
  EXPECT_EQ(form["metadata[reference]"], "rfd_7");  // comes back in charge.refunded
}

TEST_F(StripeGatewayTest, Refund_AskedAgainUnderTheSameReference_IsTheSameOneRefund) {
  StripeDouble stripe;
  StripeGateway gateway = gateway_for(stripe.api_base());

  const auto first = gateway.refund(refund_request());
  const auto again = gateway.refund(refund_request());

  EXPECT_EQ(stripe.received_at("/v1/refunds").size(), 2U);
  EXPECT_EQ(stripe.refunds_made(), 1U);
  EXPECT_EQ(again.outcome, ProviderRefundAnswer::Outcome::Accepted);
  EXPECT_EQ(again.provider_refund, first.provider_refund);
}

TEST_F(StripeGatewayTest, Refund_StripesRefusal_IsRefusedForGoodWithItsMessageButNeverTheKey) {
  StripeDouble stripe;
  stripe.refuse_refunds("Charge ch_3Q2w has already been refunded.");
  StripeGateway gateway = gateway_for(stripe.api_base());

  const auto answer = gateway.refund(refund_request());

  EXPECT_EQ(answer.outcome, ProviderRefundAnswer::Outcome::Refused);
  EXPECT_THAT(answer.detail, AllOf(HasSubstr("Charge ch_3Q2w has already been refunded."),
                                   Not(HasSubstr(kSecretKey))));
  EXPECT_EQ(stripe.refunds_made(), 0U);
}

TEST_F(StripeGatewayTest, Refund_StripeFailingOrAbsent_IsToBeAskedAgain) {
  LoopbackHttpServer failing([](const RecordedRequest&) {
    return CannedAnswer{.status = 500,
                        .body = R"({"error":{"type":"api_error","message":"Try again."}})"};
  });
  auto closed = std::make_unique<LoopbackHttpServer>();
  const std::string nobody = closed->url("");
  closed.reset();

  for (const auto& api_base : {failing.url(""), nobody}) {
    StripeGateway gateway = gateway_for(api_base);
    const auto answer = gateway.refund(refund_request());
    EXPECT_EQ(answer.outcome, ProviderRefundAnswer::Outcome::Unavailable) << api_base;
    EXPECT_THAT(answer.detail, Not(HasSubstr(kSecretKey)));
  }
  EXPECT_EQ(failing.received().size(), 1U);
}

TEST_F(StripeGatewayTest, Refund_OfAPaymentWithoutAPaymentIntent_IsRefusedWithoutAskingStripe) {
  StripeDouble stripe;
  StripeGateway gateway = gateway_for(stripe.api_base());
  auto request = refund_request();
  request.provider_payment.clear();  // paid before the shop kept it

  const auto answer = gateway.refund(request);

  EXPECT_EQ(answer.outcome, ProviderRefundAnswer::Outcome::Refused);
  EXPECT_THAT(answer.detail, AllOf(HasSubstr("payment_intent"), HasSubstr("ord_17")));
  EXPECT_TRUE(stripe.received().empty());
}

}  // namespace
}  // namespace artshop::payments
