#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <future>
#include <memory>
#include <string>

#include "artshop/crypto/openssl_random_source.hpp"
#include "artshop/payments/sandbox_gateway.hpp"
#include "artshop/payments/webhook_signature.hpp"
#include "payments_test_support.hpp"

namespace artshop::payments {
namespace {

using namespace std::chrono_literals;
using test_support::CannedAnswer;
using test_support::LoopbackHttpServer;
using test_support::ManualClock;
using test_support::RecordedRequest;
using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

constexpr std::string_view kSecret = "sandbox-test-secret-0123456789abcdef";
constexpr std::string_view kReturnUrl = "http://shop.test/order-history?order=17";
constexpr std::string_view kCancelUrl = "http://shop.test/order-history?order=17&cancelled=1";
constexpr std::string_view kLinkPrefix = "http://shop.test/payments/sandbox/checkout?session=";

class SandboxGatewayTest : public ::testing::Test {
 protected:
  SandboxOptions options() const {
    return SandboxOptions{.public_url = "http://shop.test/",
                          .webhook_url = webhook.url("/api/payments/webhook"),
                          .secret = std::string(kSecret)};
  }

  CheckoutRequest request(std::string reference = "ord_17") const {
    return CheckoutRequest{
        .reference = std::move(reference),
        .amount = Money(1234, Currency::EUR),
        .description = R"(Order 17: "Dunes" <4K> & more)",
        .customer_email = "ada@example.com",
        .first_name = "Ada",
        .last_name = "Lovelace",
        .billing = {.country = "DE", .city = "Berlin", .address1 = "Str. 1", .zip_code = "10115"},
        .browser = {.accept_language = "de-DE",
                    .screen_width = 1920,
                    .screen_height = 1080,
                    .time_zone_offset = -60,
                    .user_agent = "Mozilla/5.0 (X11; Linux x86_64)"},
        .return_url = std::string(kReturnUrl),
        .cancel_url = std::string(kCancelUrl),
        .expires_at = std::chrono::floor<std::chrono::seconds>(clock.now()) + 30min};
  }

  // A gateway of its own whose webhooks go to `held`.
  template <class Held>
  std::unique_ptr<SandboxGateway> gateway_to(Held& held, std::size_t max_queued = 1'000) {
    SandboxOptions held_options = options();
    held_options.webhook_url = held.server.url("/api/payments/webhook");
    held_options.max_queued_webhooks = max_queued;
    return std::make_unique<SandboxGateway>(held_options, random, clock);
  }

  std::string session_of(SandboxGateway& on, std::string reference) {
    return on.create_checkout(request(std::move(reference)))
        .payment_link.substr(kLinkPrefix.size());
  }

  // The session token of a fresh checkout, as the link carries it.
  std::string new_session(std::string reference = "ord_17") {
    const Checkout checkout = gateway->create_checkout(request(std::move(reference)));
    EXPECT_THAT(checkout.payment_link, StartsWith(kLinkPrefix));
    EXPECT_THAT(checkout.provider_session, StartsWith("cs_sandbox_"));
    return checkout.payment_link.substr(kLinkPrefix.size());
  }

  std::expected<PaymentEvent, WebhookError> read_event(const RecordedRequest& delivered) const {
    return gateway->parse_webhook(delivered.body, delivered.header("Stripe-Signature"),
                                  clock.now());
  }

  // Declared before the gateway, so that it outlives the deliveries the gateway drains.
  LoopbackHttpServer webhook;
  ManualClock clock;
  crypto::OpenSslRandomSource random;
  std::unique_ptr<SandboxGateway> gateway =
      std::make_unique<SandboxGateway>(options(), random, clock);
};

// A webhook endpoint that holds its first request until released, so that the delivery stays
// pending for as long as a test needs.
struct HeldWebhook {
  HeldWebhook() : released(release_signal.get_future().share()) {}

  bool wait_until_first_arrives() {
    return first_arrived.get_future().wait_for(20s) == std::future_status::ready;
  }
  void release() { release_signal.set_value(); }

  std::promise<void> first_arrived;
  std::promise<void> release_signal;
  std::shared_future<void> released;
  std::atomic<int> calls = 0;
  LoopbackHttpServer server{[this](const RecordedRequest&) {
    if (++calls == 1) {
      first_arrived.set_value();
      released.wait_for(20s);
    }
    return CannedAnswer{};
  }};
};

TEST_F(SandboxGatewayTest, CheckoutLink_OpensAPageWithTheAmountAndThreeButtons) {
  const std::string session = new_session();
  const SandboxAnswer page = gateway->checkout_page(session);

  EXPECT_EQ(page.status, 200U);
  EXPECT_THAT(
      page.html,
      AllOf(HasSubstr("<title>Artshop sandbox payment</title>"), HasSubstr("12.34 EUR"),
            HasSubstr("Order 17: &quot;Dunes&quot; &lt;4K&gt; &amp; more"),
            HasSubstr("no real money moves"), HasSubstr("Test payments: no money moves"),
            HasSubstr(R"(<form method="post" action="/payments/sandbox/checkout">)"),
            HasSubstr(R"(<input type="hidden" name="session" value=")" + session + "\">"),
            HasSubstr(R"(<button type="submit" name="action" value="pay">Pay</button>)"),
            HasSubstr(R"(<button type="submit" name="action" value="decline">Decline</button>)"),
            HasSubstr(R"(<button type="submit" name="action" value="cancel">Cancel</button>)")));
  EXPECT_THAT(page.html, AllOf(Not(HasSubstr("<script")), Not(HasSubstr("\"Dunes\""))));
}

TEST_F(SandboxGatewayTest, TamperedSession_Answers400) {
  std::string session = new_session();
  session[session.size() / 3] = session[session.size() / 3] == 'A' ? 'B' : 'A';

  const SandboxAnswer page = gateway->checkout_page(session);
  EXPECT_EQ(page.status, 400U);
  EXPECT_THAT(page.html, AllOf(HasSubstr("not valid"), HasSubstr("Artshop sandbox payment"),
                               HasSubstr("Test payments: no money moves")));
  EXPECT_EQ(gateway->submit("session=" + session + "&action=pay").status, 400U);
  EXPECT_EQ(gateway->checkout_page("").status, 400U);
  EXPECT_EQ(gateway->checkout_page("no-dot-at-all").status, 400U);
}

TEST_F(SandboxGatewayTest, SessionOfAnotherSecret_Answers400) {
  SandboxOptions other = options();
  other.secret = "another-sandbox-secret-0123456789abcdef";
  SandboxGateway other_gateway(other, random, clock);
  const Checkout foreign = other_gateway.create_checkout(request());
  const std::string session = foreign.payment_link.substr(kLinkPrefix.size());

  EXPECT_EQ(gateway->checkout_page(session).status, 400U);
}

TEST_F(SandboxGatewayTest, ExpiredSession_Answers400AndSendsNothing) {
  const std::string session = new_session();
  clock.advance(30min);

  const SandboxAnswer page = gateway->checkout_page(session);
  EXPECT_EQ(page.status, 400U);
  EXPECT_THAT(page.html, HasSubstr("expired"));
  EXPECT_EQ(gateway->submit("session=" + session + "&action=pay").status, 400U);
  gateway.reset();  // waits for any delivery
  EXPECT_TRUE(webhook.received().empty());
}

TEST_F(SandboxGatewayTest, Pay_DeliversASignedPaidEventAndReturnsToTheShop) {
  const std::string session = new_session();

  const SandboxAnswer answer = gateway->submit("session=" + session + "&action=pay");
  EXPECT_EQ(answer.status, 303U);
  EXPECT_EQ(answer.location, kReturnUrl);

  const auto requests = webhook.wait_for(1);
  ASSERT_EQ(requests.size(), 1U);
  const auto& delivered = requests.front();
  EXPECT_EQ(delivered.method, "POST");
  EXPECT_EQ(delivered.target, "/api/payments/webhook");
  EXPECT_THAT(delivered.header("Content-Type"), StartsWith("application/json"));
  EXPECT_TRUE(verify_webhook_signature(kSecret, delivered.body,
                                       delivered.header("Stripe-Signature"), clock.now()));
  EXPECT_THAT(delivered.body,
              AllOf(HasSubstr(R"("type":"checkout.session.completed")"),
                    HasSubstr(R"("currency":"eur")"), HasSubstr(R"("amount_total":1234)")));

  const auto event = read_event(delivered);
  ASSERT_TRUE(event.has_value());
  EXPECT_THAT(event->event_id, StartsWith("evt_"));
  EXPECT_EQ(event->reference, "ord_17");
  EXPECT_EQ(event->outcome, PaymentOutcome::Paid);
  EXPECT_EQ(event->amount, Money(1234, Currency::EUR));
}

TEST_F(SandboxGatewayTest, Decline_DeliversAFailedEvent) {
  const std::string session = new_session();

  const SandboxAnswer answer = gateway->submit("action=decline&session=" + session);
  EXPECT_EQ(answer.status, 303U);
  EXPECT_EQ(answer.location, kReturnUrl);

  const auto requests = webhook.wait_for(1);
  ASSERT_EQ(requests.size(), 1U);
  const auto event = read_event(requests.front());
  ASSERT_TRUE(event.has_value());
  EXPECT_EQ(event->reference, "ord_17");
  EXPECT_EQ(event->outcome, PaymentOutcome::Failed);
}

TEST_F(SandboxGatewayTest, Cancel_ReturnsToTheCancelUrlAndSendsNothing) {
  const SandboxAnswer answer = gateway->submit("session=" + new_session() + "&action=cancel");
  EXPECT_EQ(answer.status, 303U);
  EXPECT_EQ(answer.location, kCancelUrl);

  // Deliveries go out in order: had the cancel sent anything, it would arrive first.
  EXPECT_EQ(gateway->submit("session=" + new_session("ord_18") + "&action=pay").status, 303U);
  const auto requests = webhook.wait_for(1);
  ASSERT_EQ(requests.size(), 1U);
  const auto event = read_event(requests.front());
  ASSERT_TRUE(event.has_value());
  EXPECT_EQ(event->reference, "ord_18");
  gateway.reset();
  EXPECT_EQ(webhook.received().size(), 1U);
}

TEST_F(SandboxGatewayTest, PayAgainWhileTheEventWaits_QueuesNothingAndAnswersTheSamePage) {
  HeldWebhook held;
  auto held_gateway = gateway_to(held);
  const std::string session = session_of(*held_gateway, "ord_17");

  const SandboxAnswer first = held_gateway->submit("session=" + session + "&action=pay");
  ASSERT_TRUE(held.wait_until_first_arrives());
  const SandboxAnswer second = held_gateway->submit("session=" + session + "&action=pay");
  const SandboxAnswer decline = held_gateway->submit("session=" + session + "&action=decline");
  held.release();
  held_gateway.reset();  // delivers whatever is queued, then stops

  EXPECT_EQ(first.status, 303U);
  EXPECT_EQ(second.status, 303U);
  EXPECT_EQ(second.location, first.location);
  EXPECT_EQ(decline.location, first.location);
  ASSERT_EQ(held.server.received().size(), 1U);
  EXPECT_THAT(held.server.received()[0].body, HasSubstr(R"("payment_status":"paid")"));
}

TEST_F(SandboxGatewayTest, PastTheQueueCap_PayIsRefusedWithAPageAndNothingIsSent) {
  HeldWebhook held;
  auto held_gateway = gateway_to(held, /*max_queued=*/1);
  const std::string waiting = session_of(*held_gateway, "ord_17");
  const std::string refused = session_of(*held_gateway, "ord_18");

  EXPECT_EQ(held_gateway->submit("session=" + waiting + "&action=pay").status, 303U);
  ASSERT_TRUE(held.wait_until_first_arrives());
  const SandboxAnswer answer = held_gateway->submit("session=" + refused + "&action=pay");
  held.release();
  held_gateway.reset();

  EXPECT_EQ(answer.status, 503U);
  EXPECT_THAT(answer.html, AllOf(HasSubstr("Nothing was charged"), HasSubstr("Back to the shop"),
                                 HasSubstr("Test payments: no money moves")));
  ASSERT_EQ(held.server.received().size(), 1U);
  EXPECT_THAT(held.server.received()[0].body, HasSubstr("ord_17"));
}

TEST_F(SandboxGatewayTest, FormFields_ArePercentDecoded) {
  std::string encoded;
  for (const char c : new_session()) encoded += c == '.' ? std::string("%2e") : std::string(1, c);

  EXPECT_EQ(gateway->submit("action=%63ancel&session=" + encoded).location, kCancelUrl);
}

TEST_F(SandboxGatewayTest, BadForms_Answer400) {
  const std::string session = new_session();
  for (const std::string& form :
       {std::string(), "session=" + session, "session=" + session + "&action=refund",
        "session=" + session + "&action=pay%zz", std::string("action=pay")}) {
    const SandboxAnswer answer = gateway->submit(form);
    EXPECT_EQ(answer.status, 400U) << form;
    EXPECT_THAT(answer.html, HasSubstr("Back to the shop")) << form;
  }
}

TEST_F(SandboxGatewayTest, WebhookAnswering500_IsRetried) {
  std::atomic<int> calls = 0;
  LoopbackHttpServer flaky([&](const RecordedRequest&) {
    return ++calls == 1 ? CannedAnswer{.status = 500, .body = "{}"} : CannedAnswer{};
  });
  SandboxOptions flaky_options = options();
  flaky_options.webhook_url = flaky.url("/api/payments/webhook");
  SandboxGateway flaky_gateway(flaky_options, random, clock);
  const Checkout checkout = flaky_gateway.create_checkout(request());

  flaky_gateway.submit("action=pay&session=" + checkout.payment_link.substr(kLinkPrefix.size()));

  const auto requests = flaky.wait_for(2);
  ASSERT_EQ(requests.size(), 2U);
  EXPECT_EQ(requests[0].body, requests[1].body);
  EXPECT_TRUE(verify_webhook_signature(kSecret, requests[1].body,
                                       requests[1].header("Stripe-Signature"), clock.now()));
}

TEST_F(SandboxGatewayTest, Destruction_DeliversWhatIsQueued) {
  gateway->submit("session=" + new_session() + "&action=pay");
  gateway.reset();

  EXPECT_EQ(webhook.received().size(), 1U);
}

TEST_F(SandboxGatewayTest, WebhookSignedWithAnotherSecret_IsRefused) {
  const std::string body = R"({"id":"evt_1","type":"checkout.session.completed"})";
  const auto now = std::chrono::floor<std::chrono::seconds>(clock.now());
  EXPECT_EQ(gateway->parse_webhook(body, sign_webhook("whsec_other", body, now), now).error(),
            WebhookError::BadSignature);
  EXPECT_EQ(gateway->parse_webhook(body, "", now).error(), WebhookError::BadSignature);
}

TEST_F(SandboxGatewayTest, ShortSecret_IsRefused) {
  SandboxOptions weak = options();
  weak.secret = "too short";
  EXPECT_THROW(SandboxGateway(weak, random, clock), std::invalid_argument);
}

}  // namespace
}  // namespace artshop::payments
