#pragma once

#include <chrono>
#include <cstdint>
#include <expected>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "artshop/core/accounts/user_id.hpp"
#include "artshop/core/ids.hpp"
#include "artshop/core/money.hpp"
#include "artshop/core/orders/order.hpp"
#include "artshop/core/validation.hpp"

// Refunds of paid orders (docs/back-office.md, "Refunds"): what one is, and the rules that say
// what may be given back. The rules are plain functions of what the order holds, so that the
// use case and the tests read the same thing.
namespace artshop {

using RefundId = Id<struct RefundTag>;

// pending: recorded, the provider not yet confirmed (card payments); succeeded: the money is
// back (a balance refund at once, a card refund when the provider's webhook says so); failed:
// the provider refused for good, and everything the refund did was undone.
enum class RefundStatus : std::uint8_t { Pending, Succeeded, Failed };
// Staff: made in the back office. Provider: made at the provider (its dashboard), learnt from
// its webhook.
enum class RefundSource : std::uint8_t { Staff, Provider };
// How much of an order was given back, counting refunds pending and succeeded.
enum class RefundStanding : std::uint8_t { None, PartlyRefunded, Refunded };

std::string_view name_of(RefundStatus status) noexcept;  // "pending", "succeeded", "failed"
std::optional<RefundStatus> parse_refund_status(std::string_view name) noexcept;
std::string_view name_of(RefundSource source) noexcept;  // "staff", "provider"
std::optional<RefundSource> parse_refund_source(std::string_view name) noexcept;
std::string_view name_of(RefundStanding standing) noexcept;  // "None", "PartlyRefunded", ...
std::optional<RefundStanding> parse_refund_standing(std::string_view name) noexcept;

RefundStanding refund_standing(std::int64_t refunded_minor, std::int64_t total_minor) noexcept;

struct Refund {
  RefundId id;  // assigned when it is stored
  OrderId order;
  std::chrono::sys_seconds at;
  std::optional<UserId> staff;  // nobody: made at the provider
  std::string staff_email;      // as it was then
  Money amount{0, Currency::EUR};
  std::string reason;
  std::vector<int> lines;                // line numbers, 1..n in the order they were bought
  std::vector<std::int64_t> gift_cards;  // gift card ids of the order
  bool return_to_sale = false;
  RefundStatus status = RefundStatus::Pending;
  RefundSource source = RefundSource::Staff;
  // Staff refunds: the Idempotency-Key, unique per order, and the digest of what the request
  // asked, so that a repetition is told from another refund under the same key.
  std::string idempotency_key;
  std::string request_hash;
  std::string provider_reference;  // the provider's id of the refund, once it is known
  // The gift cards' part of the amount (what the chosen cards cost, up to the amount); the
  // rest is the pictures'. The reversal posts the two apart.
  std::int64_t gift_cards_minor = 0;
  friend bool operator==(const Refund&, const Refund&) = default;
};

// "refund:<id>": the posting that gives the money back; "refund-failed:<id>" reverses it when
// the provider refused for good. Postings are never edited.
std::string refund_posting_reference(RefundId refund);
std::string refund_failed_posting_reference(RefundId refund);
// What the provider is told as its idempotency key and reports back: "rfd_<id>".
std::string refund_reference(RefundId refund);
std::optional<RefundId> parse_refund_reference(std::string_view reference) noexcept;

namespace refund_messages {
inline constexpr std::string_view kNotPaid = "Only a paid order can be refunded.";
inline constexpr std::string_view kSayWhy = "Say why.";
inline constexpr std::string_view kReasonTooLong = "Keep the reason under 500 characters.";
inline constexpr std::string_view kNothingChosen = "Choose a line, a gift card or an amount.";
inline constexpr std::string_view kMoreThanZero = "Must be more than zero.";
inline constexpr std::string_view kNotAnAmount = "Must be an amount such as 12.50.";
inline constexpr std::string_view kTooLarge = "This amount is too large.";
inline constexpr std::string_view kKeyReused = "This key was used for another refund.";
inline constexpr std::string_view kNoSuchOrder = "No such order.";
}  // namespace refund_messages

inline constexpr std::size_t kMaxRefundReasonLength = 500;

// An amount typed by staff in `currency`, exactly in its minor units: more than zero, no more
// decimals than the currency has. Errors go under `field`.
std::optional<Money> read_staff_amount(std::string_view text, Currency currency,
                                       std::string_view field, ValidationErrors& errors);

// A gift card of the order as the refund rules see it.
struct RefundableGiftCard {
  std::int64_t id = 0;
  std::int64_t amount_minor = 0;  // what the buyer paid for it, in the order's currency
  bool redeemed = false;
  bool voided = false;
};

// What the order holds and what was given back already (refunds not failed).
struct RefundableOrder {
  const Order& order;
  std::vector<RefundableGiftCard> gift_cards;
  std::set<int> refunded_lines;
  std::set<std::int64_t> refunded_gift_cards;
  std::int64_t refunded_minor = 0;
};

// What staff asked for.
struct RefundChoice {
  std::vector<int> lines;
  std::vector<std::int64_t> gift_cards;
  std::optional<std::string> amount;  // absent: the sum of the items chosen
  std::string reason;
};

// What the refund gives back: its amount, split into the gift cards' part (what the chosen
// cards cost, up to the amount) and the pictures' part (the rest), the two the ledger reverses.
struct RefundPlan {
  Money amount{0, Currency::EUR};
  std::vector<int> lines;
  std::vector<std::int64_t> gift_cards;
  std::int64_t gift_cards_minor = 0;
  std::int64_t pictures_minor = 0;
  std::string reason;
};

// What is left to refund of the order, in its currency.
Money left_to_refund(const RefundableOrder& order) noexcept;

// The refund the choice makes, or every problem with it under the payload's field names
// ("lines", "giftCards", "amount", "reason", "" for the order as a whole).
std::expected<RefundPlan, ValidationErrors> plan_refund(const RefundableOrder& order,
                                                        const RefundChoice& choice);

// True when `amount`, converted to EUR at the order's frozen `rate`, is worth more than
// `limit_eur_cents`: then only a role with refund_beyond_limit may make it.
bool beyond_refund_limit(Money amount, Rate rate, std::int64_t limit_eur_cents) noexcept;

// "Only an owner may refund more than 100.00 EUR."
std::string refund_limit_message(std::int64_t limit_eur_cents);

}  // namespace artshop
