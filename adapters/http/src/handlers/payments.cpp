#include <spdlog/spdlog.h>

#include <boost/json.hpp>

#include "artshop/http/json.hpp"
#include "handlers/orders.hpp"

namespace artshop::http::handlers {
namespace {

namespace json = boost::json;

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
    case PaymentEventOutcome::RefundConfirmed:
      return "refund confirmed";
  }
  return "handled";
}

}  // namespace

// The provider re-sends a delivery until it gets a 2xx: ReceivePaymentWebhook decides which
// are acknowledged; this logs what became of each.
Handler payment_webhook(const OrdersApi& api) {
  return [api](const Request& request) {
    const auto signature = request.header(api.receive_payment_webhook.signature_header());
    const auto received = api.receive_payment_webhook(request.body, signature.value_or(""));
    if (!received) {
      const auto& error = received.error();
      if (error.kind == ErrorKind::Validation) {
        spdlog::warn("request {}: {} from {}", request.request_id, error.detail,
                     request.remote_address);
      } else if (error.kind == ErrorKind::Conflict) {
        spdlog::error("{}; it needs a human", error.detail);
      }
      return error_response(error, request.request_id);
    }
    switch (received->receipt) {
      case WebhookReceipt::Handled:
        spdlog::info("payment event {} for {}: {}", received->event_id, received->reference,
                     describe(received->outcome));
        break;
      case WebhookReceipt::UnknownReference:
        spdlog::warn("payment event {} names an unknown reference {}; ignored", received->event_id,
                     received->reference);
        break;
      case WebhookReceipt::Ignored:
        break;
    }
    return json_response(200, json::object{{"received", true}});
  };
}

}  // namespace artshop::http::handlers
