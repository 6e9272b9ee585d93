#include "artshop/payments/sandbox_gateway.hpp"

#include <fmt/format.h>

#include <array>
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>
#include <stdexcept>
#include <vector>

#include "artshop/core/text.hpp"
#include "artshop/crypto/digests.hpp"
#include "artshop/crypto/hex.hpp"
#include "artshop/payments/checkout_event.hpp"
#include "artshop/payments/webhook_signature.hpp"
#include "form_encoding.hpp"
#include "sandbox_page.hpp"
#include "sandbox_session.hpp"
#include "utf8_prefix.hpp"
#include "webhook_delivery.hpp"

namespace artshop::payments {

namespace {

constexpr std::size_t kMinSecretLength = 32;
constexpr std::size_t kSessionIdBytes = 16;
constexpr std::size_t kMaxUserAgentBytes = 200;  // keeps the link a sensible length

constexpr std::string_view kInvalidSession =
    "This payment link is not valid. Please start the payment again from the shop.";
constexpr std::string_view kExpiredSession =
    "This payment session has expired and nothing was charged. Please start the payment again "
    "from the shop.";
constexpr std::string_view kBusy =
    "Too many test payments are waiting to be confirmed to the shop. Nothing was charged: "
    "please go back and press the button again in a minute.";
constexpr std::string_view kUnknownAction =
    "The payment form was not sent as expected. Please go back and press Pay, Decline or Cancel.";

std::string without_trailing_slash(std::string url) {
  while (url.ends_with('/')) url.pop_back();
  return url;
}

// "UTC+01:00" from getTimezoneOffset's minutes, which count the other way (-60 for UTC+1).
std::string utc_offset(int time_zone_offset) {
  const int east = -time_zone_offset;
  const int magnitude = east < 0 ? -east : east;
  return fmt::format("UTC{}{:02}:{:02}", east < 0 ? '-' : '+', magnitude / 60, magnitude % 60);
}

// The browser details as a card issuer's 3-D Secure check would get them, on one line.
std::string browser_summary(const BrowserInfo& browser) {
  std::vector<std::string> parts;
  if (browser.screen_width > 0 && browser.screen_height > 0) {
    parts.push_back(fmt::format("{}x{} screen", browser.screen_width, browser.screen_height));
  }
  if (!browser.accept_language.empty()) {
    parts.push_back(fmt::format("language {}", utf8_prefix(browser.accept_language, 64)));
  }
  parts.push_back(utc_offset(browser.time_zone_offset));
  parts.emplace_back(browser.javascript_enabled ? "JavaScript on" : "JavaScript off");
  if (!browser.user_agent.empty()) {
    parts.emplace_back(utf8_prefix(browser.user_agent, kMaxUserAgentBytes));
  }
  return fmt::format("{}", fmt::join(parts, ", "));
}

SandboxAnswer problem(std::string_view message, std::string_view shop_url) {
  return SandboxAnswer{.status = 400, .html = render_problem_page(message, shop_url)};
}

std::string_view describe(SessionError error) noexcept {
  return error == SessionError::Expired ? kExpiredSession : kInvalidSession;
}

// The Stripe event the sandbox sends for a button: Pay completes the session paid, Decline
// fails it the way a declined delayed payment does.
std::string event_json(const SandboxSession& session, bool paid,
                       std::chrono::system_clock::time_point now) {
  const boost::json::object object{
      {"id", "cs_sandbox_" + session.id},
      {"object", "checkout.session"},
      {"client_reference_id", session.reference},
      {"status", "complete"},
      {"payment_status", paid ? "paid" : "unpaid"},
      {"amount_total", session.amount.minor_units()},
      {"currency", text::to_lower_ascii(code(session.amount.currency()))},
      {"metadata", boost::json::object{{"reference", session.reference}}},
  };
  const boost::json::object event{
      {"id", "evt_" + session.id},
      {"object", "event"},
      {"type", paid ? "checkout.session.completed" : "checkout.session.async_payment_failed"},
      {"created", std::chrono::floor<std::chrono::seconds>(now).time_since_epoch().count()},
      {"livemode", false},
      {"data", boost::json::object{{"object", object}}},
  };
  return boost::json::serialize(event);
}

// The Stripe event that follows a refund: the charge of the payment, refunded by one refund
// that carries our reference in its metadata, as the shop's refund request set it.
std::string refund_event_json(const ProviderRefundRequest& request, std::string_view refund_id,
                              std::chrono::system_clock::time_point now) {
  const auto currency = text::to_lower_ascii(code(request.amount.currency()));
  const boost::json::object refund{
      {"id", refund_id},
      {"object", "refund"},
      {"amount", request.amount.minor_units()},
      {"currency", currency},
      {"status", "succeeded"},
      {"metadata", boost::json::object{{"reference", request.reference}}},
  };
  const boost::json::object charge{
      {"id", "ch_sandbox_" + request.payment_reference},
      {"object", "charge"},
      {"amount_refunded", request.amount.minor_units()},
      {"currency", currency},
      {"refunded", true},
      {"metadata", boost::json::object{{"reference", request.payment_reference}}},
      {"refunds", boost::json::object{{"object", "list"}, {"data", boost::json::array{refund}}}},
  };
  const boost::json::object event{
      {"id", "evt_" + std::string(refund_id)},
      {"object", "event"},
      {"type", "charge.refunded"},
      {"created", std::chrono::floor<std::chrono::seconds>(now).time_since_epoch().count()},
      {"livemode", false},
      {"data", boost::json::object{{"object", charge}}},
  };
  return boost::json::serialize(event);
}

}  // namespace

struct SandboxGateway::Impl {
  Impl(SandboxOptions options_in, RandomSource& random_in, const Clock& clock_in)
      : options(std::move(options_in)),
        random(random_in),
        clock(clock_in),
        sessions(options.secret),
        delivery(options.webhook_url, options.secret, clock, options.max_queued_webhooks) {}

  SandboxOptions options;
  RandomSource& random;
  const Clock& clock;
  SandboxSessionCodec sessions;
  WebhookDelivery delivery;  // last: its thread stops before the rest goes
};

SandboxGateway::SandboxGateway(SandboxOptions options, RandomSource& random, const Clock& clock) {
  if (options.secret.size() < kMinSecretLength) {
    throw std::invalid_argument("the sandbox payment secret must be at least 32 bytes");
  }
  if (options.public_url.empty() || options.webhook_url.empty()) {
    throw std::invalid_argument("the sandbox payment provider needs the public and webhook URLs");
  }
  options.public_url = without_trailing_slash(std::move(options.public_url));
  impl_ = std::make_unique<Impl>(std::move(options), random, clock);
}

SandboxGateway::~SandboxGateway() = default;

Checkout SandboxGateway::create_checkout(const CheckoutRequest& request) {
  if (request.amount.minor_units() <= 0) {
    // A real provider refuses this too; reaching here is a fault in the caller.
    throw std::runtime_error(fmt::format("sandbox: cannot take a payment of {} for {}",
                                         request.amount.to_string(), request.reference));
  }
  std::array<std::byte, kSessionIdBytes> id_bytes{};
  impl_->random.fill(id_bytes);
  const SandboxSession session{.id = crypto::to_hex(id_bytes),
                               .reference = request.reference,
                               .amount = request.amount,
                               .description = request.description,
                               .customer_email = request.customer_email,
                               .return_url = request.return_url,
                               .cancel_url = request.cancel_url,
                               .expires_at = request.expires_at,
                               .browser = browser_summary(request.browser)};
  const std::string token = impl_->sessions.seal(session);
  return Checkout{.payment_link = fmt::format("{}{}?session={}", impl_->options.public_url,
                                              kSandboxCheckoutPath, percent_encode(token)),
                  .provider_session = "cs_sandbox_" + session.id};
}

std::expected<PaymentEvent, WebhookError> SandboxGateway::parse_webhook(
    std::string_view body, std::string_view signature_header,
    std::chrono::system_clock::time_point now) {
  if (!verify_webhook_signature(impl_->options.secret, body, signature_header, now)) {
    return std::unexpected(WebhookError::BadSignature);
  }
  return read_checkout_event(body);
}

ProviderRefundAnswer SandboxGateway::refund(const ProviderRefundRequest& request) {
  // One refund id per reference, as Stripe answers a repeated idempotency key with the same
  // refund: asking again queues nothing new while the event waits, and later re-delivers the
  // same event, which the shop acts on once.
  const auto refund_id = "re_sandbox_" + request.reference;
  const auto queued =
      impl_->delivery.enqueue("evt_" + refund_id, request.reference,
                              refund_event_json(request, refund_id, impl_->clock.now()));
  if (queued == WebhookDelivery::Queued::Full) {
    return {.outcome = ProviderRefundAnswer::Outcome::Unavailable,
            .provider_refund = {},
            .detail = "the sandbox's webhook queue is full"};
  }
  return {.outcome = ProviderRefundAnswer::Outcome::Accepted,
          .provider_refund = refund_id,
          .detail = {}};
}

SandboxAnswer SandboxGateway::checkout_page(std::string_view session) const {
  const auto opened = impl_->sessions.open(session, impl_->clock.now());
  if (!opened) return problem(describe(opened.error()), impl_->options.public_url);
  return SandboxAnswer{.html = render_checkout_page(*opened, session)};
}

SandboxAnswer SandboxGateway::submit(std::string_view form_body) {
  const auto fields = form_decode(form_body);
  const auto token = fields ? form_value(*fields, "session") : std::nullopt;
  const auto action = fields ? form_value(*fields, "action") : std::nullopt;
  if (!token || !action) return problem(kUnknownAction, impl_->options.public_url);

  const auto now = impl_->clock.now();
  const auto session = impl_->sessions.open(*token, now);
  if (!session) return problem(describe(session.error()), impl_->options.public_url);

  if (*action == "cancel") return SandboxAnswer{.status = 303, .location = session->cancel_url};
  if (*action != "pay" && *action != "decline") {
    return problem(kUnknownAction, impl_->options.public_url);
  }
  // One event id per session, as a Checkout Session completes once: pressing Pay again
  // (back button, double click) while it waits queues nothing, and later re-delivers the same
  // event, which the shop acts on once. Either way the shopper sees the same return page.
  const bool paid = *action == "pay";
  const auto queued = impl_->delivery.enqueue("evt_" + session->id, session->reference,
                                              event_json(*session, paid, now));
  if (queued == WebhookDelivery::Queued::Full) {
    return SandboxAnswer{.status = 503,
                         .html = render_problem_page(kBusy, impl_->options.public_url)};
  }
  return SandboxAnswer{.status = 303, .location = session->return_url};
}

}  // namespace artshop::payments
