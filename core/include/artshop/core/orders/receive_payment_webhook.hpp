#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "artshop/core/error.hpp"
#include "artshop/core/orders/handle_payment_event.hpp"
#include "artshop/core/orders/payment_gateway.hpp"
#include "artshop/core/ports/clock.hpp"

namespace artshop {

// re-sending it.
enum class WebhookReceipt : std::uint8_t {
  Handled,           // acted on, or needing no action: see `outcome`
  Ignored,           // a well-formed event of a kind that needs no action
  UnknownReference,  // names none of our payments
};

struct ReceivedWebhook {
  WebhookReceipt receipt = WebhookReceipt::Ignored;
  std::string event_id;  // empty when Ignored
  std::string reference;
  PaymentEventOutcome outcome = PaymentEventOutcome::NothingToDo;  // when Handled
};

// POST /api/payments/webhook: verifies a delivery through the gateway (the signature the caller
// read from where the gateway says it travels, over the raw body), reads its event and hands it to
// HandlePaymentEvent. A provider re-sends a delivery until it is acknowledged, for days, so
// everything understood and acted on (or needing no action, or naming an unknown reference)
// is acknowledged; a bad signature or an unreadable event is a general validation error
// (re-sending will not fix it); a conflict (the provider reports another amount than asked
// for) and a fault stay errors, re-sent until a human or a retry resolves them. Error details
// name the event, for the log.
class ReceivePaymentWebhook {
 public:
  static constexpr std::string_view kBadSignature = "The webhook signature is not valid.";
  static constexpr std::string_view kUnreadable = "The webhook is not a readable event.";

  ReceivePaymentWebhook(PaymentGateway& gateway, HandlePaymentEvent& handle, const Clock& clock)
      : gateway_(gateway), handle_(handle), clock_(clock) {}
  // `signature` is empty when the delivery carries none.
  Result<ReceivedWebhook> operator()(std::string_view body, std::string_view signature);
  // Where the gateway's deliveries carry their signature ("Stripe-Signature").
  std::string_view signature_header() const { return gateway_.signature_header(); }

  // Who acts on refund events (the back office's ConfirmRefund); set once, before serving.
  // Without one a refund event needs no action.
  using RefundHandler = std::function<Result<HandledPaymentEvent>(const PaymentEvent&)>;
  void on_refund(RefundHandler handler) { refunds_ = std::move(handler); }

 private:
  PaymentGateway& gateway_;
  HandlePaymentEvent& handle_;
  RefundHandler refunds_;
  const Clock& clock_;
};

}  // namespace artshop
