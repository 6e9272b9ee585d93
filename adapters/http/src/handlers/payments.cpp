#include <spdlog/spdlog.h>

#include <boost/json.hpp>

#include "artshop/http/json.hpp"
#include "handlers/orders.hpp"

namespace artshop::http::handlers {
namespace {

namespace json = boost::json;

Response received() {
  return json_response(200, json::object{{"received", true}});
}

std::string_view describe(PaymentEventOutcome outcome) {
  switch (outcome) {
    case PaymentEventOutcome::OrderFulfilled:
      return "order paid and fulfilled";
    case PaymentEventOutcome::OrderFailed:
      return "order failed";
    case PaymentEventOutcome::DepositCredited:
      return "deposit credited";
    case PaymentEventOutcome::DepositFailed:
      return "deposit failed";
    case PaymentEventOutcome::CreditedToBalance:
      return "late payment credited to the balance";
    case PaymentEventOutcome::NothingToDo:
      return "nothing to do";
    case PaymentEventOutcome::AlreadyProcessed:
      return "already processed";
  }
  return "handled";
}

}  // namespace

// A provider re-sends an event until it gets a 2xx, for days. So every event we understood
// and acted on (or that needs no action) gets 200; a bad signature or an unreadable body 400
// (re-sending will not fix it); a conflict (the provider reports another amount than asked
// for) 409 and a fault 500, both re-sent until a human or a retry resolves them.
Handler payment_webhook(const OrdersApi& api) {
  return [api](const Request& request) {
    const auto signature = request.header("Stripe-Signature").value_or("");
    const auto event = api.payments.parse_webhook(request.body, signature, api.clock.now());
    if (!event) {
      switch (event.error()) {
        case WebhookError::Ignored:
          return received();
        case WebhookError::BadSignature:
          spdlog::warn("request {}: payment webhook with a bad signature from {}",
                       request.request_id, request.remote_address);
          return error_response(Error::general("The webhook signature is not valid."),
                                request.request_id);
        case WebhookError::Malformed:
          spdlog::warn("request {}: signed payment webhook that is not an event we can read",
                       request.request_id);
          return error_response(Error::general("The webhook is not a readable event."),
                                request.request_id);
      }
    }
    const auto handled = api.handle_payment_event(*event);
    if (handled) {
      spdlog::info("payment event {} for {}: {}", event->event_id, event->reference,
                   describe(handled->outcome));
      return received();
    }
    const auto& error = handled.error();
    if (error.kind == ErrorKind::NotFound) {
      spdlog::warn("payment event {} names an unknown reference {}; ignored", event->event_id,
                   event->reference);
      return received();
    }
    if (error.kind == ErrorKind::Conflict) {
      spdlog::error("payment event {} needs a human: {}", event->event_id, error.detail);
    }
    return error_response(error, request.request_id);
  };
}

}  // namespace artshop::http::handlers
