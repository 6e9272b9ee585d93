#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "artshop/core/accounts/ports.hpp"
#include "artshop/core/accounts/rate_limits.hpp"
#include "artshop/core/accounts/repositories.hpp"
#include "artshop/core/catalogue/ports.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/orders/artworks.hpp"
#include "artshop/core/orders/gift_card.hpp"
#include "artshop/core/orders/idempotency.hpp"
#include "artshop/core/orders/order.hpp"
#include "artshop/core/orders/repositories.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

// POST /api/balance {currency}: the balance converted at today's rate, rounded down.
struct GetBalanceCommand {
  UserId user;
  std::string currency;
};

class GetBalance {
 public:
  using Ports = Transactions<Ledger>;

  GetBalance(Ports transactions, const ExchangeRateSource& rates)
      : transactions_(std::move(transactions)), rates_(rates) {}
  Result<Money> operator()(const GetBalanceCommand& command);

 private:
  Ports transactions_;
  const ExchangeRateSource& rates_;
};

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

// An order as its buyer's history shows it, with the numbers of the gift cards it bought.
struct OrderHistoryItem {
  Order order;
  std::vector<std::string> gift_card_numbers;  // grouped by 4
};

// GET /api/orders?Page=&PageSize=: raw query values; absent or empty ones default.
struct ListOrdersQuery {
  UserId user;
  std::optional<std::string> page;
  std::optional<std::string> page_size;
};

struct OrderHistoryPage {
  std::vector<OrderHistoryItem> items;
  int total = 0;
  int page = 1;
  int page_size = 20;
};

// GET /api/orders: the caller's orders, newest first, a page at a time.
class ListOrders {
 public:
  using Ports = Transactions<OrderRepository, GiftCardRepository>;

  static constexpr int kDefaultPageSize = 20;
  static constexpr int kMaxPageSize = 100;

  explicit ListOrders(Ports transactions) : transactions_(std::move(transactions)) {}
  Result<OrderHistoryPage> operator()(const ListOrdersQuery& query);

 private:
  Ports transactions_;
};

// GET /api/orders/{id}: one of the caller's orders; another user's is NotFound.
class GetOrder {
 public:
  using Ports = Transactions<OrderRepository, GiftCardRepository>;

  explicit GetOrder(Ports transactions) : transactions_(std::move(transactions)) {}
  Result<OrderHistoryItem> operator()(UserId caller, OrderId id);

 private:
  Ports transactions_;
};

// GET /api/balance/deposits/{id}: one of the caller's deposits; another user's, or a payment
// that is not a deposit, is NotFound.
class GetDeposit {
 public:
  using Ports = Transactions<PaymentRepository>;

  explicit GetDeposit(Ports transactions) : transactions_(std::move(transactions)) {}
  Result<Payment> operator()(UserId caller, PaymentId id);

 private:
  Ports transactions_;
};

}  // namespace artshop
