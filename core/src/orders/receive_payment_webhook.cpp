#include "artshop/core/orders/receive_payment_webhook.hpp"

#include <fmt/format.h>

namespace artshop {

Result<ReceivedWebhook> ReceivePaymentWebhook::operator()(std::string_view body,
                                                          std::string_view signature) {
  const auto event = gateway_.parse_webhook(body, signature, clock_.now());
  if (!event) {
    switch (event.error()) {
      case WebhookError::Ignored:
        return ReceivedWebhook{};
      case WebhookError::BadSignature: {
        auto error = Error::general(std::string(kBadSignature));
        error.detail = "payment webhook with a bad signature";
        return std::unexpected(std::move(error));
      }
      case WebhookError::Malformed: {
        auto error = Error::general(std::string(kUnreadable));
        error.detail = "signed payment webhook that is not an event we can read";
        return std::unexpected(std::move(error));
      }
    }
  }
  ReceivedWebhook received{.receipt = WebhookReceipt::Handled,
                           .event_id = event->event_id,
                           .reference = event->reference,
                           .outcome = PaymentEventOutcome::NothingToDo};
  Result<HandledPaymentEvent> handled = HandledPaymentEvent{};
  if (event->outcome != PaymentOutcome::Refunded) {
    handled = handle_(*event);
  } else if (refunds_) {
    handled = refunds_(*event);
  }
  if (handled) {
    received.outcome = handled->outcome;
    return received;
  }
  auto error = std::move(handled.error());
  if (error.kind == ErrorKind::NotFound) {
    received.receipt = WebhookReceipt::UnknownReference;
    return received;
  }
  error.detail = fmt::format("payment event {}: {}", event->event_id, error.detail);
  return std::unexpected(std::move(error));
}

}  // namespace artshop
