#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "artshop/core/accounts/user_id.hpp"
#include "artshop/core/exchange_rates.hpp"
#include "artshop/core/money.hpp"
#include "artshop/core/orders/order.hpp"
#include "artshop/core/ports/random_source.hpp"

namespace artshop {

// 16 Crockford base-32 symbols carrying 80 random bits (5 bits each).
inline constexpr std::size_t kGiftCardNumberLength = 16;
inline constexpr std::string_view kCrockfordAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

// A fresh number, ungrouped: "7K3QW9ZX2M4B8R1T".
std::string generate_gift_card_number(RandomSource& random);

// "ABCD-EFGH-JKMN-PQRS": groups of four, as shown and mailed.
std::string group_gift_card_number(std::string_view number);

// The number as typed: hyphens and spaces dropped, upper-cased, O read as 0 and I, L as 1.
// Nullopt when it cannot be a number (wrong length or a symbol outside the alphabet).
std::optional<std::string> normalize_gift_card_number(std::string_view typed);

// A gift card as stored. Redemption looks it up by `number_digest` (TokenHasher of the
// normalized number); the number itself is kept only for the buyer's order history and mail.
struct GiftCard {
  std::string number_digest;
  std::string number;  // normalized, ungrouped
  OrderId order;       // the order that bought it
  UserId buyer;
  std::int64_t value_micro_eur = 0;
  Money bought{0, Currency::EUR};  // what the buyer paid, in the order's currency
  Rate rate{Rate::kScale};
  std::chrono::sys_seconds issued_at;
  std::optional<UserId> redeemed_by;
  std::optional<std::chrono::sys_seconds> redeemed_at;
};

}  // namespace artshop
