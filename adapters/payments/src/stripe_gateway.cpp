#include "artshop/payments/stripe_gateway.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>
#include <stdexcept>

#include "artshop/core/text.hpp"
#include "artshop/json/members.hpp"
#include "artshop/payments/checkout_event.hpp"
#include "artshop/payments/webhook_signature.hpp"
#include "form_encoding.hpp"
#include "http_post.hpp"
#include "utf8_prefix.hpp"

namespace artshop::payments {

namespace {

using namespace std::chrono_literals;

// Stripe refuses an expires_at less than 30 minutes or more than 24 hours ahead; the minute
// on top absorbs the time the request takes and any clock difference.
constexpr auto kShortestSession = 30min + 60s;
constexpr auto kLongestSession = 24h - 60s;
constexpr std::size_t kMaxMetadataValue = 500;  // Stripe's limit, in characters

std::string_view without_trailing_slash(std::string_view url) {
  while (url.ends_with('/')) url.remove_suffix(1);
  return url;
}

std::chrono::sys_seconds session_expiry(std::chrono::sys_seconds requested,
                                        std::chrono::system_clock::time_point now) {
  const auto today = std::chrono::floor<std::chrono::seconds>(now);
  return std::clamp(requested, today + kShortestSession, today + kLongestSession);
}

class SessionForm {
 public:
  void add(std::string name, std::string value) {
    fields_.emplace_back(std::move(name), std::move(value));
  }
  // Empty values are left out: for metadata they would mean "delete this key".
  void add_metadata(std::string_view key, std::string_view value) {
    if (value.empty()) return;
    add(fmt::format("metadata[{}]", key), std::string(utf8_prefix(value, kMaxMetadataValue)));
  }
  const FormFields& fields() const noexcept { return fields_; }

 private:
  FormFields fields_;
};

FormFields session_form(const CheckoutRequest& request, std::chrono::sys_seconds expires_at) {
  SessionForm form;
  form.add("mode", "payment");
  form.add("client_reference_id", request.reference);
  form.add("success_url", request.return_url);
  form.add("cancel_url", request.cancel_url);
  if (!request.customer_email.empty()) form.add("customer_email", request.customer_email);
  form.add("expires_at", std::to_string(expires_at.time_since_epoch().count()));
  form.add("line_items[0][quantity]", "1");
  form.add("line_items[0][price_data][currency]",
           text::to_lower_ascii(code(request.amount.currency())));
  form.add("line_items[0][price_data][unit_amount]", std::to_string(request.amount.minor_units()));
  form.add("line_items[0][price_data][product_data][name]",
           request.description.empty() ? request.reference : request.description);
  form.add("payment_intent_data[metadata][reference]", request.reference);

  form.add_metadata("reference", request.reference);
  form.add_metadata("billing_first_name", request.first_name);
  form.add_metadata("billing_last_name", request.last_name);
  form.add_metadata("billing_country", request.billing.country);
  form.add_metadata("billing_state", request.billing.state);
  form.add_metadata("billing_city", request.billing.city);
  form.add_metadata("billing_address1", request.billing.address1);
  form.add_metadata("billing_zip_code", request.billing.zip_code);
  const BrowserInfo& browser = request.browser;
  form.add_metadata("browser_javascript_enabled", browser.javascript_enabled ? "true" : "false");
  form.add_metadata("browser_accept_language", browser.accept_language);
  form.add_metadata("browser_screen",
                    fmt::format("{}x{}", browser.screen_width, browser.screen_height));
  form.add_metadata("browser_time_zone_offset", std::to_string(browser.time_zone_offset));
  form.add_metadata("browser_user_agent", browser.user_agent);
  return form.fields();
}

const boost::json::string* string_at(const boost::json::value& json, std::string_view key) {
  const auto* object = json.if_object();
  return object != nullptr ? string_member(*object, key) : nullptr;
}

// Stripe's own words from {"error":{"message":"..."}}, or the status when it gave none.
std::string error_message(const HttpAnswer& answer) {
  boost::system::error_code error;
  const boost::json::value json = boost::json::parse(answer.body, error);
  if (!error) {
    const auto* object = json.if_object();
    const auto* details = object != nullptr ? object->if_contains("error") : nullptr;
    if (const auto* message = details != nullptr ? string_at(*details, "message") : nullptr) {
      return std::string(*message);
    }
  }
  return fmt::format("HTTP {}", answer.status);
}

// The refund of a payment_intent: Stripe's metadata carries our reference back in its
// charge.refunded event, and the Idempotency-Key header (the same reference) makes a retried
// call answer the first refund instead of making another.
FormFields refund_form(const ProviderRefundRequest& request) {
  return {{"payment_intent", request.provider_payment},
          {"amount", std::to_string(request.amount.minor_units())},
          {"metadata[reference]", request.reference}};
}

// A refund Stripe created. It may already say failed or canceled (a card that no longer takes
// money back): that is a refusal, as asking again under the same key answers the same refund.
ProviderRefundAnswer read_refund(const HttpAnswer& answer) {
  boost::system::error_code error;
  const boost::json::value json = boost::json::parse(answer.body, error);
  const auto* id = error ? nullptr : string_at(json, "id");
  const auto* status = error ? nullptr : string_at(json, "status");
  if (id == nullptr || id->empty()) {
    return {.outcome = ProviderRefundAnswer::Outcome::Unavailable,
            .provider_refund = {},
            .detail = "Stripe answered a refund without an id"};
  }
  if (status != nullptr && (*status == "failed" || *status == "canceled")) {
    return {.outcome = ProviderRefundAnswer::Outcome::Refused,
            .provider_refund = std::string(*id),
            .detail = fmt::format("Stripe's refund {} is {}", std::string_view(*id),
                                  std::string_view(*status))};
  }
  return {.outcome = ProviderRefundAnswer::Outcome::Accepted,
          .provider_refund = std::string(*id),
          .detail = {}};
}

// Stripe's 429 (too many requests), 409 (the same key still in flight) and 5xx pass; any other
// refusal is for good, with its message.
bool worth_asking_again(long status) {
  return status == 409 || status == 429 || status >= 500;
}

// A form-encoded POST to the API with the secret key, and the idempotency key when one is
// given. Throws std::runtime_error when Stripe does not answer.
HttpAnswer post_form(const StripeOptions& options, std::string_view path, const FormFields& fields,
                     std::string_view idempotency_key) {
  std::vector<std::string> headers{
      "Authorization: Bearer " + options.secret_key,
      "Content-Type: application/x-www-form-urlencoded",
      "Accept: application/json",
  };
  if (!idempotency_key.empty()) {
    headers.push_back(fmt::format("Idempotency-Key: {}", idempotency_key));
  }
  try {
    return http_post(options.api_base + std::string(path), headers, form_encode(fields),
                     options.timeout);
  } catch (const std::exception& error) {
    throw std::runtime_error(fmt::format("Stripe did not answer: {}", error.what()));
  }
}

Checkout read_session(const HttpAnswer& answer) {
  boost::system::error_code error;
  const boost::json::value json = boost::json::parse(answer.body, error);
  const auto* id = error ? nullptr : string_at(json, "id");
  const auto* url = error ? nullptr : string_at(json, "url");
  if (id == nullptr || url == nullptr || url->empty()) {
    throw std::runtime_error("Stripe answered a checkout session without an id or url");
  }
  return Checkout{.payment_link = std::string(*url), .provider_session = std::string(*id)};
}

}  // namespace

StripeGateway::StripeGateway(StripeOptions options, const Clock& clock)
    : options_(std::move(options)), clock_(clock) {
  if (options_.secret_key.empty() || options_.webhook_secret.empty()) {
    throw std::invalid_argument("Stripe needs a secret key and a webhook signing secret");
  }
  options_.api_base = std::string(without_trailing_slash(options_.api_base));
}

Checkout StripeGateway::create_checkout(const CheckoutRequest& request) {
  const auto expires_at = session_expiry(request.expires_at, clock_.now());
  const HttpAnswer answer =
      post_form(options_, "/v1/checkout/sessions", session_form(request, expires_at), {});
  if (!answer.ok()) {
    throw std::runtime_error(fmt::format("Stripe refused the checkout session for {}: {}",
                                         request.reference, error_message(answer)));
  }
  return read_session(answer);
}

ProviderRefundAnswer StripeGateway::refund(const ProviderRefundRequest& request) {
  if (request.provider_payment.empty()) {
    return {.outcome = ProviderRefundAnswer::Outcome::Refused,
            .provider_refund = {},
            .detail = fmt::format("Stripe named no payment_intent for {}: refund it in the Stripe "
                                  "dashboard",
                                  request.payment_reference)};
  }
  HttpAnswer answer;
  try {
    answer = post_form(options_, "/v1/refunds", refund_form(request), request.reference);
  } catch (const std::exception& error) {
    return {.outcome = ProviderRefundAnswer::Outcome::Unavailable,
            .provider_refund = {},
            .detail = error.what()};
  }
  if (answer.ok()) return read_refund(answer);
  return {.outcome = worth_asking_again(answer.status) ? ProviderRefundAnswer::Outcome::Unavailable
                                                       : ProviderRefundAnswer::Outcome::Refused,
          .provider_refund = {},
          .detail = fmt::format("Stripe refused the refund {}: {}", request.reference,
                                error_message(answer))};
}

std::expected<PaymentEvent, WebhookError> StripeGateway::parse_webhook(
    std::string_view body, std::string_view signature_header,
    std::chrono::system_clock::time_point now) {
  if (!verify_webhook_signature(options_.webhook_secret, body, signature_header, now)) {
    return std::unexpected(WebhookError::BadSignature);
  }
  return read_checkout_event(body);
}

}  // namespace artshop::payments
