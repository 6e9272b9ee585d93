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
enum class Kind : std::uint8_t { Paid, Failed, Ignored, CompletedMaybePaid };

Kind kind_of(std::string_view type) noexcept {
  if (type == "checkout.session.completed") return Kind::CompletedMaybePaid;
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

  return PaymentEvent{.event_id = std::string(*id),
                      .reference = std::string(*reference),
                      .outcome = outcome,
                      .amount = *amount};
}

}  // namespace artshop::payments
