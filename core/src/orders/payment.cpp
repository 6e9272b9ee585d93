#include "artshop/core/orders/payment.hpp"

#include <fmt/format.h>

#include <array>
#include <utility>

#include "artshop/core/enum_names.hpp"
#include "artshop/core/text.hpp"

namespace artshop {
namespace {

constexpr std::array<std::pair<PaymentStatus, std::string_view>, 4> kStatusNames{{
    {PaymentStatus::Pending, "Pending"},
    {PaymentStatus::Paid, "Paid"},
    {PaymentStatus::Failed, "Failed"},
    {PaymentStatus::Expired, "Expired"},
}};

constexpr std::array<std::pair<PaymentPurpose, std::string_view>, 2> kPurposeNames{{
    {PaymentPurpose::Order, "Order"},
    {PaymentPurpose::Deposit, "Deposit"},
}};

constexpr std::array<std::pair<PaymentChangeSource, std::string_view>, 3> kChangeSourceNames{{
    {PaymentChangeSource::Placed, "placed"},
    {PaymentChangeSource::Webhook, "webhook"},
    {PaymentChangeSource::Expiry, "expiry"},
}};

void check_browser_text(std::string_view field, std::string& value, std::size_t max_length,
                        ValidationErrors& errors) {
  value = std::string(text::trim(value));
  const auto length = text::utf8_length(value);
  if (!length || text::has_control_characters(value)) {
    errors.add(field, "Contains characters that are not allowed.");
  } else if (*length > max_length) {
    errors.add(field, fmt::format("Must be at most {} characters.", max_length));
  }
}

void check_range(std::string_view field, int value, int min, int max, std::string_view unit,
                 ValidationErrors& errors) {
  if (value < min || value > max) {
    errors.add(field, fmt::format("Must be between {} and {} {}.", min, max, unit));
  }
}

}  // namespace

void check_browser(BrowserInfo& browser, ValidationErrors& errors) {
  check_browser_text("userAgent", browser.user_agent, kMaxUserAgentLength, errors);
  check_browser_text("acceptLanguage", browser.accept_language, kMaxAcceptLanguageLength, errors);
  check_range("timeZoneOffset", browser.time_zone_offset, kMinTimeZoneOffset, kMaxTimeZoneOffset,
              "minutes", errors);
  check_range("screenWidth", browser.screen_width, 0, kMaxScreenSize, "pixels", errors);
  check_range("screenHeight", browser.screen_height, 0, kMaxScreenSize, "pixels", errors);
}

std::string_view name(PaymentStatus status) noexcept {
  return name_in(kStatusNames, status);
}

std::optional<PaymentStatus> parse_payment_status(std::string_view text) noexcept {
  return parse_in(kStatusNames, text);
}

std::string_view name(PaymentChangeSource source) noexcept {
  return name_in(kChangeSourceNames, source);
}

std::optional<PaymentChangeSource> parse_payment_change_source(std::string_view text) noexcept {
  return parse_in(kChangeSourceNames, text);
}

std::string_view name(PaymentPurpose purpose) noexcept {
  return name_in(kPurposeNames, purpose);
}

std::optional<PaymentPurpose> parse_payment_purpose(std::string_view text) noexcept {
  return parse_in(kPurposeNames, text);
}

std::expected<PaymentStatus, TransitionError> transition(PaymentStatus from,
                                                         PaymentStatus to) noexcept {
  if (from != PaymentStatus::Pending) return std::unexpected(TransitionError::AlreadyFinal);
  if (to == PaymentStatus::Pending) return std::unexpected(TransitionError::NotAnOutcome);
  return to;
}

}  // namespace artshop
