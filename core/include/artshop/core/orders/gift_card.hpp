#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "artshop/core/accounts/user_id.hpp"
#include "artshop/core/exchange_rates.hpp"
#include "artshop/core/ids.hpp"
#include "artshop/core/money.hpp"
#include "artshop/core/orders/order.hpp"
#include "artshop/core/ports/random_source.hpp"

namespace artshop {

// 16 symbols of Crockford's base32 alphabet (base32::kCrockfordAlphabet) carrying 80 random
// bits (5 bits each).
inline constexpr std::size_t kGiftCardNumberLength = 16;

// A fresh number, ungrouped: "7K3QW9ZX2M4B8R1T".
std::string generate_gift_card_number(RandomSource& random);

// "ABCD-EFGH-JKMN-PQRS": groups of four, as shown and mailed.
std::string group_gift_card_number(std::string_view number);

// The number as typed: hyphens and spaces dropped, upper-cased, O read as 0 and I, L as 1.
// Nullopt when it cannot be a number (wrong length or a symbol outside the alphabet).
std::optional<std::string> normalize_gift_card_number(std::string_view typed);

// Keeps gift-card numbers unreadable in the database. The buyer's order history shows them
// again, so they are encrypted (a digest could not be turned back); the keys live outside the
// database, so a copy of it alone reveals no number. Each sealed number names the key that
// sealed it, so a key rotated out can still open what it sealed.
class GiftCardNumberCipher {
 public:
  struct Sealed {
    std::string key_id;
    std::string text;  // opaque to everyone but the cipher
    friend bool operator==(const Sealed&, const Sealed&) = default;
  };

  virtual ~GiftCardNumberCipher() = default;
  virtual Sealed seal(std::string_view number) const = 0;
  // Nullopt when no known key has the id, or the text was altered.
  virtual std::optional<std::string> open(const Sealed& sealed) const = 0;
  // The key new numbers are sealed with; numbers under another one are re-sealed at start.
  virtual std::string_view current_key_id() const = 0;
};

using GiftCardId = Id<struct GiftCardTag>;

// A gift card as stored. Redemption looks it up by `number_digest` (a keyed TokenHasher of
// the normalized number); the number itself is kept, sealed by a GiftCardNumberCipher, only
// for the buyer's order history and the mail that carries it. A card is bought in an order,
// or issued by staff as goodwill (no order and no buyer: a recipient and who issued it). A
// card is redeemed once, or voided (a refund of the order that bought it, or staff); never
// both.
struct GiftCard {
  GiftCardId id;  // assigned when it is stored
  std::string number_digest;
  std::string number;               // normalized, ungrouped
  std::optional<OrderId> order;     // the order that bought it; none for a goodwill card
  std::optional<UserId> buyer;      // who bought it; none for a goodwill card
  std::string recipient_email;      // a goodwill card's: where its number was mailed
  std::optional<UserId> issued_by;  // the staff member who issued a goodwill card
  std::int64_t value_micro_eur = 0;
  Money bought{0, Currency::EUR};  // what the buyer paid, in the order's currency
  Rate rate{Rate::kScale};
  std::chrono::sys_seconds issued_at;
  std::optional<UserId> redeemed_by;
  std::optional<std::chrono::sys_seconds> redeemed_at;
  std::optional<std::chrono::sys_seconds> voided_at;
};

}  // namespace artshop
