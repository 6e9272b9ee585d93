#pragma once

#include <expected>
#include <string_view>

#include "artshop/core/orders/payment_gateway.hpp"

namespace artshop::payments {

// Reads a Stripe event (the sandbox sends the same shape) into core's PaymentEvent:
// checkout.session.completed with payment_status "paid" and
// checkout.session.async_payment_succeeded are Paid; checkout.session.async_payment_failed
// and checkout.session.expired are Failed; other types are Ignored. The reference is the
// session's client_reference_id, the amount its amount_total in its currency.
std::expected<PaymentEvent, WebhookError> read_checkout_event(std::string_view body);

}  // namespace artshop::payments
