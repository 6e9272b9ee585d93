#pragma once

#include <chrono>
#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>

#include "artshop/core/accounts/account.hpp"
#include "artshop/core/money.hpp"
#include "artshop/core/orders/order.hpp"

namespace artshop {

// What the provider needs to take one payment (an order or a deposit).
struct CheckoutRequest {
  std::string reference;  // ours, unique; the provider reports it back in its webhook
  Money amount{0, Currency::EUR};
  std::string description;  // one line, shown on the provider's page
  std::string customer_email;
  std::string first_name;
  std::string last_name;
  BillingAddress billing;
  BrowserInfo browser;  // for 3-D Secure
  std::string return_url;
  std::string cancel_url;
  std::chrono::sys_seconds expires_at;  // the provider should refuse to take money after this
};

struct Checkout {
  std::string payment_link;      // where the client sends the customer
  std::string provider_session;  // the provider's own id, for the log
};

enum class PaymentOutcome : std::uint8_t { Paid, Failed, Refunded };

// A verified webhook: one provider event about one of our references.
struct PaymentEvent {
  std::string event_id;  // the provider's, unique per event; re-deliveries repeat it
  std::string reference;
  PaymentOutcome outcome = PaymentOutcome::Failed;
  std::optional<Money> amount;  // what the provider says it took, when it says
  // Refunded: the refund the provider made. `refund_reference` is ours ("rfd_<id>") when we
  // asked for it, empty for one made at the provider (its dashboard); `amount` is the refund's.
  std::string refund_reference;
  std::string provider_refund;  // the provider's id of the refund
  std::string kind;             // the provider's type of event ("checkout.session.completed")
  // Paid: the provider's id of the money it took (Stripe's payment_intent), when it names one.
  std::string provider_payment;
};

// A refund of (part of) a payment, asked of its provider. `reference` is ours, unique per
// refund: the provider's idempotency key, so that asking again never refunds twice.
struct ProviderRefundRequest {
  std::string reference;
  std::string payment_reference;  // the payment's, as given to create_checkout
  Money amount{0, Currency::EUR};
  std::string provider_payment;  // the provider's id of the payment (Payment::provider_payment)
};

struct ProviderRefundAnswer {
  enum class Outcome : std::uint8_t {
    Accepted,     // the provider took it; its webhook confirms it later
    Refused,      // for good: asking again changes nothing
    Unavailable,  // the provider did not answer or failed: ask again later
  };
  Outcome outcome = Outcome::Unavailable;
  std::string provider_refund;  // Accepted: the provider's id of the refund
  std::string detail;           // for the log
};

enum class WebhookError : std::uint8_t {
  BadSignature,  // missing, malformed or not matching; or outside the time tolerance
  Malformed,     // signed, but not an event we can read
  Ignored,       // a well-formed event of a kind that needs no action
};

// A payment provider (the built-in sandbox, Stripe Checkout). Implementations are
// thread-safe; create_checkout blocks on the network, so it runs outside any transaction.
class PaymentGateway {
 public:
  virtual ~PaymentGateway() = default;

  // Opens a payment for the request and answers the link to pay at. Throws on an
  // infrastructure fault (the provider refused or did not answer).
  virtual Checkout create_checkout(const CheckoutRequest& request) = 0;

  // The request header that carries a webhook's signature ("Stripe-Signature").
  virtual std::string_view signature_header() const = 0;

  // Checks a webhook's signature (over the raw body, in constant time, within the
  // provider's tolerance of `now`) and reads the event.
  virtual std::expected<PaymentEvent, WebhookError> parse_webhook(
      std::string_view body, std::string_view signature_header,
      std::chrono::system_clock::time_point now) = 0;

  // Asks the provider to give (part of) a payment back. Blocks on the network, so it runs
  // outside any transaction. A provider that cannot refund refuses.
  virtual ProviderRefundAnswer refund(const ProviderRefundRequest& request) {
    return {.outcome = ProviderRefundAnswer::Outcome::Refused,
            .provider_refund = {},
            .detail = "this provider takes no refunds: " + request.reference};
  }
};

}  // namespace artshop
