#pragma once

#include <chrono>
#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artshop/core/accounts/account.hpp"
#include "artshop/core/catalogue/offer.hpp"
#include "artshop/core/exchange_rates.hpp"
#include "artshop/core/ids.hpp"
#include "artshop/core/money.hpp"
#include "artshop/core/validation.hpp"

namespace artshop {

using OrderId = Id<struct OrderTag>;
using DepositId = Id<struct DepositTag>;
using ArtworkId = Id<struct ArtworkTag>;

// An unpaid order or deposit expires this long after it was placed (DESIGN.md section 6).
inline constexpr std::chrono::minutes kPaymentWindow{30};

// Pending -> Paid | Failed | Expired. The three outcomes are final: a payment that arrives
// for an order that is no longer Pending is credited to the customer's balance instead.
enum class PaymentStatus : std::uint8_t { Pending, Paid, Failed, Expired };

std::string_view name(PaymentStatus status) noexcept;
std::optional<PaymentStatus> parse_payment_status(std::string_view text) noexcept;

enum class TransitionError : std::uint8_t {
  AlreadyFinal,  // the order is Paid, Failed or Expired
  NotAnOutcome,  // the target is Pending
};

// The status after moving `from` to `to`, or why that move is not allowed.
std::expected<PaymentStatus, TransitionError> transition(PaymentStatus from,
                                                         PaymentStatus to) noexcept;

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

// One bought picture size: what the customer gets and what it cost, in the order's currency
// and in euro cents (the catalogue's price at the time).
struct OrderLine {
  OfferId offer;
  AttributeId attribute;
  std::string title;      // the offer's title when ordered
  std::string size_name;  // "HD", "4K", "8K", "Original"
  int long_edge = 0;
  Licence licence = Licence::Personal;
  std::int64_t price_minor = 0;  // in the order's currency, converted half-up
  std::int64_t price_eur_cents = 0;
  friend bool operator==(const OrderLine&, const OrderLine&) = default;
};

// A gift card bought with the order, in the order's currency.
struct GiftCardLine {
  std::int64_t amount_minor = 0;
  friend bool operator==(const GiftCardLine&, const GiftCardLine&) = default;
};

struct Order {
  OrderId id;
  UserId user;
  Currency currency = Currency::EUR;
  Rate rate{Rate::kScale};  // units of `currency` per EUR, frozen when the order was priced
  std::vector<OrderLine> lines;
  std::vector<GiftCardLine> gift_cards;
  std::int64_t total_minor = 0;  // sum of the lines and gift cards, in `currency`
  bool pay_by_balance = false;
  std::string first_name;
  std::string last_name;
  BillingAddress billing;
  BrowserInfo browser;
  std::string payment_reference;  // unique; what the payment provider reports back
  PaymentStatus status = PaymentStatus::Pending;
  std::chrono::sys_seconds created_at;
  std::chrono::sys_seconds expires_at;
  std::optional<std::chrono::sys_seconds> settled_at;  // when it became Paid, Failed or Expired

  Money total() const noexcept { return Money(total_minor, currency); }
};

// Money added to a balance through the payment provider.
struct Deposit {
  DepositId id;
  UserId user;
  Currency currency = Currency::EUR;
  Rate rate{Rate::kScale};
  std::int64_t amount_minor = 0;
  std::string first_name;
  std::string last_name;
  BillingAddress billing;
  BrowserInfo browser;
  std::string payment_reference;
  PaymentStatus status = PaymentStatus::Pending;
  std::chrono::sys_seconds created_at;
  std::chrono::sys_seconds expires_at;
  std::optional<std::chrono::sys_seconds> settled_at;

  Money amount() const noexcept { return Money(amount_minor, currency); }
};

// A picture size a customer owns: what /api/artworks lists and lets them download.
struct Artwork {
  ArtworkId id;  // assigned when it is added
  UserId owner;
  OrderId order;
  OfferId offer;
  AttributeId attribute;
  std::string title;
  std::string size_name;
  int long_edge = 0;
  Licence licence = Licence::Personal;
  std::chrono::sys_seconds acquired_at;
  friend bool operator==(const Artwork&, const Artwork&) = default;
};

}  // namespace artshop
