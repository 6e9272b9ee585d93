#pragma once

#include <chrono>
#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>

#include "artshop/core/accounts/account.hpp"
#include "artshop/core/exchange_rates.hpp"
#include "artshop/core/ids.hpp"
#include "artshop/core/money.hpp"
#include "artshop/core/validation.hpp"

namespace artshop {

using PaymentId = Id<struct PaymentTag>;

// An unpaid payment expires this long after it was opened (DESIGN.md section 6).
inline constexpr std::chrono::minutes kPaymentWindow{30};

// Pending -> Paid | Failed | Expired. The three outcomes are final: money that arrives for a
// payment that is no longer Pending is credited to the customer's balance instead.
enum class PaymentStatus : std::uint8_t { Pending, Paid, Failed, Expired };

std::string_view name(PaymentStatus status) noexcept;
std::optional<PaymentStatus> parse_payment_status(std::string_view text) noexcept;

// What moved a payment's status, as the order page's payment history shows it: its creation
// (Pending, or Paid at once from the balance), the provider's webhook, or the expiry of its
// window. Nothing else moves one: the return page only shows the status, and a refund leaves
// the payment Paid.
enum class PaymentChangeSource : std::uint8_t { Placed, Webhook, Expiry };

std::string_view name(PaymentChangeSource source) noexcept;
std::optional<PaymentChangeSource> parse_payment_change_source(std::string_view text) noexcept;

// One change of a payment's status; `from` is none for its creation.
struct PaymentStatusChange {
  std::chrono::sys_seconds at;
  std::optional<PaymentStatus> from;
  PaymentStatus to = PaymentStatus::Pending;
  PaymentChangeSource source = PaymentChangeSource::Placed;

  bool operator==(const PaymentStatusChange&) const = default;
};

enum class TransitionError : std::uint8_t {
  AlreadyFinal,  // the payment is Paid, Failed or Expired
  NotAnOutcome,  // the target is Pending
};

// The status after moving `from` to `to`, or why that move is not allowed.
std::expected<PaymentStatus, TransitionError> transition(PaymentStatus from,
                                                         PaymentStatus to) noexcept;

// What a payment pays for, and so what its Paid status sets off: an order is fulfilled, a
// deposit grows the payer's balance.
enum class PaymentPurpose : std::uint8_t { Order, Deposit };

std::string_view name(PaymentPurpose purpose) noexcept;
std::optional<PaymentPurpose> parse_payment_purpose(std::string_view text) noexcept;

// What the browser told us, passed to the payment provider for 3-D Secure.
struct BrowserInfo {
  bool javascript_enabled = true;
  std::string accept_language;
  int screen_width = 0;
  int screen_height = 0;
  int time_zone_offset = 0;  // minutes, as the browser's getTimezoneOffset answers
  std::string user_agent;
  friend bool operator==(const BrowserInfo&, const BrowserInfo&) = default;
};

// Bounds of what the browser tells (docs/limits.md). Real user agents stay under 300
// characters and Accept-Language headers under 100; anything longer is not a browser. Offsets
// run from UTC+14 (-840) to UTC-12 (720); screens from 0 (unknown) to far past any display.
inline constexpr std::size_t kMaxUserAgentLength = 512;
inline constexpr std::size_t kMaxAcceptLanguageLength = 128;
inline constexpr int kMinTimeZoneOffset = -840;
inline constexpr int kMaxTimeZoneOffset = 720;
inline constexpr int kMaxScreenSize = 65'535;

// Trims the texts and records what is out of bounds under the payload's names (userAgent,
// acceptLanguage, timeZoneOffset, screenWidth, screenHeight).
void check_browser(BrowserInfo& browser, ValidationErrors& errors);

// One attempt to collect an amount from a customer: for an order (also one paid from the
// balance, which is Paid as soon as it is placed) or for a deposit. It is the one place where
// a payment's status lives; the reference is what the payment provider reports back.
struct Payment {
  PaymentId id;  // assigned when it is stored; a deposit's id is the one its payer sees
  PaymentPurpose purpose = PaymentPurpose::Order;
  UserId user;
  Currency currency = Currency::EUR;
  Rate rate{Rate::kScale};  // units of `currency` per EUR, frozen when the amount was set
  std::int64_t amount_minor = 0;
  std::string first_name;
  std::string last_name;
  BillingAddress billing;
  BrowserInfo browser;
  std::string reference;  // unique
  PaymentStatus status = PaymentStatus::Pending;
  std::chrono::sys_seconds created_at;
  std::chrono::sys_seconds expires_at;
  std::optional<std::chrono::sys_seconds> settled_at;  // when it became Paid, Failed or Expired
  // The provider's own id of the money it took (Stripe's payment_intent), from the webhook that
  // settled it; what a refund names at the provider. Empty when the provider named none (the
  // sandbox, a balance payment, rows from before it was kept).
  std::string provider_payment;

  Money amount() const noexcept { return Money(amount_minor, currency); }
};

}  // namespace artshop
