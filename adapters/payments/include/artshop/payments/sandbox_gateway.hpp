#pragma once

#include <chrono>
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "artshop/core/orders/payment_gateway.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/random_source.hpp"
#include "artshop/payments/webhook_signature.hpp"

namespace artshop::payments {

// Where the app serves the sandbox's checkout page (GET) and takes its buttons (POST).
inline constexpr std::string_view kSandboxCheckoutPath = "/payments/sandbox/checkout";

struct SandboxOptions {
  std::string public_url;   // the shop as the browser sees it: "http://127.0.0.1:8080"
  std::string webhook_url;  // where events are POSTed: "http://127.0.0.1:8080/api/payments/webhook"
  std::string secret;       // signs the webhooks and the checkout sessions; at least 32 bytes
  // Events waiting for delivery at most, one per order or deposit; Pay or Decline past it is
  // answered 503 (nothing was charged, try again).
  std::size_t max_queued_webhooks = 1'000;
};

// An answer of the sandbox's own pages, free of any HTTP library's types.
struct SandboxAnswer {
  unsigned status = 200;
  std::string location;  // set for 303 See Other
  std::string html;      // set otherwise (text/html; charset=utf-8)
};

// The built-in payment provider (the default). Its payment link opens a checkout page served
// by the app with Pay, Decline and Cancel. The checkout session travels inside the link,
// signed, so no state is kept in the process. Pay and Decline send a signed Stripe-shaped
// event to the webhook URL from a background thread (retried like a provider would), then send
// the shopper back to the shop.
class SandboxGateway final : public PaymentGateway {
 public:
  // Throws std::invalid_argument for a secret under 32 bytes or a missing URL. `random` and
  // `clock` must outlive the gateway; `clock` also dates the webhook signatures.
  SandboxGateway(SandboxOptions options, RandomSource& random, const Clock& clock);
  ~SandboxGateway() override;  // lets deliveries in flight finish, for a bounded time
  SandboxGateway(const SandboxGateway&) = delete;
  SandboxGateway& operator=(const SandboxGateway&) = delete;

  Checkout create_checkout(const CheckoutRequest& request) override;
  std::string_view signature_header() const override { return kSignatureHeader; }
  std::expected<PaymentEvent, WebhookError> parse_webhook(
      std::string_view body, std::string_view signature_header,
      std::chrono::system_clock::time_point now) override;
  // Records the refund and answers Accepted with its id; a Stripe-shaped, signed
  // charge.refunded event follows through the delivery queue, as Stripe's would. A full queue
  // is Unavailable: the shop asks again later, under the same reference.
  ProviderRefundAnswer refund(const ProviderRefundRequest& request) override;

  // GET kSandboxCheckoutPath?session=<token>: the page with the amount, the description and the
  // three buttons; 400 with an explanatory page for a tampered or expired session.
  SandboxAnswer checkout_page(std::string_view session) const;

  // POST kSandboxCheckoutPath with a form body "session=<token>&action=pay|decline|cancel":
  // queues the event (pay: completed and paid; decline: async_payment_failed; cancel: none)
  // and answers 303 to the session's return URL (cancel: its cancel URL); 400 page otherwise.
  // A session has one event id, as a Stripe session completes once. While an event of the
  // same order or deposit still waits for delivery, pressing again queues nothing and answers
  // the same 303; later presses re-deliver it, and the shop acts on the first only. With
  // max_queued_webhooks events waiting, Pay and Decline answer 503 and queue nothing.
  SandboxAnswer submit(std::string_view form_body);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace artshop::payments
