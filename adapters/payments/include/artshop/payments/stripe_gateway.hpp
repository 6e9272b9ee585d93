#pragma once

#include <chrono>
#include <string>

#include "artshop/core/orders/payment_gateway.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/payments/webhook_signature.hpp"

namespace artshop::payments {

struct StripeOptions {
  std::string secret_key;      // sk_live_... / sk_test_...
  std::string webhook_secret;  // whsec_...: the endpoint's signing secret
  std::string api_base = "https://api.stripe.com";
  std::chrono::seconds timeout{20};
};

// Stripe Checkout Sessions: create_checkout POSTs a form-encoded session (mode=payment, one
// line with the amount, client_reference_id = our reference, success and cancel URLs, the
// customer's e-mail, the billing and browser details as metadata) with the secret key, and
// answers the session's url. Webhooks are checked with the Stripe-Signature scheme.
class StripeGateway final : public PaymentGateway {
 public:
  // Throws std::invalid_argument when the secret key or the webhook secret is empty.
  StripeGateway(StripeOptions options, const Clock& clock);

  // Blocks for up to options.timeout. Throws std::runtime_error with Stripe's error message
  // when it refuses (never the key), or with the transport error when it does not answer.
  Checkout create_checkout(const CheckoutRequest& request) override;
  std::string_view signature_header() const override { return kSignatureHeader; }
  std::expected<PaymentEvent, WebhookError> parse_webhook(
      std::string_view body, std::string_view signature_header,
      std::chrono::system_clock::time_point now) override;
  // POST /v1/refunds of the payment's payment_intent (request.provider_payment) for the amount,
  // with our reference in its metadata and as the Idempotency-Key: asked again, Stripe answers
  // the same refund. Stripe's refund id → Accepted (its charge.refunded webhook confirms it);
  // a 4xx → Refused with Stripe's message; no answer, 409, 429 or 5xx → Unavailable. A payment
  // without a payment_intent (paid before the shop kept it) is Refused without asking.
  ProviderRefundAnswer refund(const ProviderRefundRequest& request) override;

 private:
  StripeOptions options_;
  const Clock& clock_;
};

}  // namespace artshop::payments
