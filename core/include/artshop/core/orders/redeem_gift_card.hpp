#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "artshop/core/accounts/ports.hpp"
#include "artshop/core/accounts/rate_limits.hpp"
#include "artshop/core/accounts/repositories.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/orders/idempotency_keys.hpp"
#include "artshop/core/orders/repositories.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

struct RedeemedGiftCard {
  std::int64_t value_micro_eur = 0;
  std::int64_t balance_micro_eur = 0;  // after the redemption
  std::string number_digest;           // of the redeemed card
};

// POST /api/balance/gift-card {giftCardNumber}.
struct RedeemGiftCardCommand {
  UserId user;
  std::string gift_card_number;
  // The request's idempotency key: the redemption is kept as its outcome.
  IdempotencyReservation idempotency;
};

// Credits a gift card's value to the caller's balance, once. Numbers that match no card
// count toward gift_card_failures_per_user; past it, 429.
class RedeemGiftCard {
 public:
  using Ports =
      Transactions<GiftCardRepository, Ledger, RateLimitRepository, IdempotencyRepository>;

  static constexpr std::string_view kField = "giftCardNumber";
  static constexpr std::string_view kInvalid = "This gift card number is not valid.";
  static constexpr std::string_view kAlreadyUsed = "This gift card has already been used.";

  RedeemGiftCard(Ports transactions, const TokenHasher& digests, const Clock& clock,
                 RateLimits limits)
      : transactions_(std::move(transactions)), digests_(digests), clock_(clock), limits_(limits) {}
  Result<RedeemedGiftCard> operator()(const RedeemGiftCardCommand& command);
  // A redemption the caller made earlier, found by the card's number digest (an idempotent
  // replay): the card's value, with the balance as it is now. NotFound unless the caller
  // redeemed that card.
  Result<RedeemedGiftCard> redeemed(UserId caller, std::string_view number_digest);

 private:
  Ports transactions_;
  const TokenHasher& digests_;
  const Clock& clock_;
  RateLimits limits_;
};

}  // namespace artshop
