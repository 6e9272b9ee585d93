#include "artshop/payments/checkout_event.hpp"

#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>
#include <cstdint>
#include <optional>

#include "artshop/core/currency.hpp"
#include "artshop/json/members.hpp"

namespace artshop::payments {

namespace {

using std::unexpected;

// What an event type means for us; a completed session is Paid only once its money arrived.
enum class Kind : std::uint8_t { Paid, Failed, Ignored, CompletedMaybePaid, Refunded };

Kind kind_of(std::string_view type) noexcept {
  if (type == "checkout.session.completed") return Kind::CompletedMaybePaid;
  if (type == "charge.refunded") return Kind::Refunded;
  if (type == "checkout.session.async_payment_succeeded") return Kind::Paid;
  if (type == "checkout.session.async_payment_failed" || type == "checkout.session.expired") {
    return Kind::Failed;
  }
  return Kind::Ignored;
}

// The session's amount_total in its currency; nullopt when it states none. An amount we
// cannot read is Malformed rather than absent: core accepts a Paid event without an amount,
// so an unreadable one must not slip through as "not stated".
std::expected<std::optional<Money>, WebhookError> read_amount(const boost::json::object& session) {
  const auto* amount = session.if_contains("amount_total");
  if (amount == nullptr || amount->is_null()) return std::nullopt;
  const auto minor_units = integer_member(session, "amount_total");
  const auto* currency_code = string_member(session, "currency");
  if (!minor_units || currency_code == nullptr) return unexpected(WebhookError::Malformed);
  const auto currency = parse_currency(*currency_code);
  if (!currency) return unexpected(WebhookError::Malformed);
  return Money(*minor_units, *currency);
}

// charge.refunded: the charge names our payment in its metadata (reference); its newest
// refund (the first of `refunds`) carries our refund's reference in its metadata when we asked
// for it, none when it was made at the provider. Without a list of refunds the event stands for
// a refund made at the provider of what the charge says was refunded.
std::expected<PaymentEvent, WebhookError> read_refund(std::string id,
                                                      const boost::json::object& charge) {
  constexpr std::string_view kKind = "charge.refunded";
  const auto* metadata = object_member(charge, "metadata");
  const auto* reference = metadata != nullptr ? string_member(*metadata, "reference") : nullptr;
  if (reference == nullptr || reference->empty()) return unexpected(WebhookError::Malformed);
  PaymentEvent event{.event_id = std::move(id),
                     .reference = std::string(*reference),
                     .outcome = PaymentOutcome::Refunded,
                     .amount = std::nullopt,
                     .refund_reference = {},
                     .provider_refund = {},
                     .kind = std::string(kKind)};
  const auto* currency_code = string_member(charge, "currency");
  const auto currency = currency_code != nullptr ? parse_currency(*currency_code) : std::nullopt;
  if (!currency) return unexpected(WebhookError::Malformed);
  const auto* refunds = object_member(charge, "refunds");
  const auto* list = refunds != nullptr ? refunds->if_contains("data") : nullptr;
  const auto* newest = list != nullptr && list->is_array() && !list->as_array().empty()
                           ? list->as_array().front().if_object()
                           : nullptr;
  const auto amount = integer_member(newest != nullptr ? *newest : charge,
                                     newest != nullptr ? "amount" : "amount_refunded");
  if (!amount || *amount <= 0) return unexpected(WebhookError::Malformed);
  event.amount = Money(*amount, *currency);
  if (newest != nullptr) {
    if (const auto* refund_id = string_member(*newest, "id")) event.provider_refund = *refund_id;
    const auto* ours = object_member(*newest, "metadata");
    if (const auto* text = ours != nullptr ? string_member(*ours, "reference") : nullptr) {
      event.refund_reference = *text;
    }
  }
  return event;
}

}  // namespace

std::expected<PaymentEvent, WebhookError> read_checkout_event(std::string_view body) {
  boost::system::error_code error;
  const boost::json::value json = boost::json::parse(body, error);
  const auto* event = error ? nullptr : json.if_object();
  if (event == nullptr) return unexpected(WebhookError::Malformed);
  const auto* id = string_member(*event, "id");
  const auto* type = string_member(*event, "type");
  if (id == nullptr || id->empty() || type == nullptr) return unexpected(WebhookError::Malformed);

  // Other event types carry other objects (no client_reference_id): they are acknowledged,
  // not refused, or the provider would re-send them for days.
  const Kind kind = kind_of(*type);
  if (kind == Kind::Ignored) return unexpected(WebhookError::Ignored);

  const auto* data = object_member(*event, "data");
  const auto* session = data != nullptr ? object_member(*data, "object") : nullptr;
  if (kind == Kind::Refunded) {
    if (session == nullptr) return unexpected(WebhookError::Malformed);
    return read_refund(std::string(*id), *session);
  }
  const auto* reference =
      session != nullptr ? string_member(*session, "client_reference_id") : nullptr;
  if (reference == nullptr || reference->empty()) return unexpected(WebhookError::Malformed);

  PaymentOutcome outcome = kind == Kind::Failed ? PaymentOutcome::Failed : PaymentOutcome::Paid;
  if (kind == Kind::CompletedMaybePaid) {
    // A delayed method (a bank debit) completes the session unpaid; an
    // async_payment_succeeded or _failed event follows with the outcome.
    const auto* status = string_member(*session, "payment_status");
    if (status == nullptr || *status != "paid") return unexpected(WebhookError::Ignored);
  }
  auto amount = read_amount(*session);
  if (!amount) return unexpected(amount.error());

  // The money's own id at Stripe, which a refund of it names.
  const auto* payment_intent = string_member(*session, "payment_intent");
  const bool names_payment = payment_intent != nullptr && outcome == PaymentOutcome::Paid;
  return PaymentEvent{.event_id = std::string(*id),
                      .reference = std::string(*reference),
                      .outcome = outcome,
                      .amount = *amount,
                      .refund_reference = {},
                      .provider_refund = {},
                      .kind = std::string(*type),
                      .provider_payment = names_payment ? std::string(*payment_intent) : ""};
}

}  // namespace artshop::payments
