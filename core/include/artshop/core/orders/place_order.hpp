#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "artshop/core/accounts/ports.hpp"
#include "artshop/core/accounts/profile_forms.hpp"
#include "artshop/core/accounts/repositories.hpp"
#include "artshop/core/catalogue/ports.hpp"
#include "artshop/core/catalogue/repositories.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/orders/fulfil_paid_order.hpp"
#include "artshop/core/orders/idempotency_keys.hpp"
#include "artshop/core/orders/order_limits.hpp"
#include "artshop/core/orders/payment_gateway.hpp"
#include "artshop/core/orders/pricing.hpp"
#include "artshop/core/orders/repositories.hpp"
#include "artshop/core/orders/return_urls.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/mail_outbox.hpp"
#include "artshop/core/ports/random_source.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

struct PlacedOrder {
  Order order;
  std::optional<std::string> payment_link;     // a Pending order: where to pay
  std::vector<std::string> gift_card_numbers;  // a paid order: the numbers, grouped
};

// POST /api/orders, as read from its payload; the use case checks every value.
struct PlaceOrderCommand {
  UserId user;
  ProfileForm names;
  BillingForm billing;
  std::vector<CartLine> cart_items;
  // giftCardAmount as written, in major units of `currency` ("25.50"); absent: no gift card.
  std::optional<std::string> gift_card_amount;
  std::string currency;
  bool agreed_to_terms = false;  // agreedToPP_TOS
  bool pay_by_balance = false;
  BrowserInfo browser;
  ReturnUrls urls;
  // The request's idempotency key: the stored order is kept as its outcome.
  IdempotencyReservation idempotency;
};

// Prices the cart itself, then either pays at once from the balance, fulfilling the order in the
// same transaction (FulfilPaidOrder), or stores a Pending order, holding an exclusive picture,
// and opens a payment with the provider. Its ports are its own and those FulfilPaidOrder writes
// through its transaction. A shop that takes no cards (an embedder selling against prepaid
// balances only) passes no gateway: every order then pays from the balance, and one that does
// not is refused with kNoCardPayments before anything is stored.
class PlaceOrder {
 public:
  using Ports =
      Transactions<AccountRepository, OfferRepository, PaymentRepository, OrderRepository, Ledger,
                   ArtworkRepository, GiftCardRepository, IdempotencyRepository, MailOutbox>;

  static constexpr std::string_view kInsufficientBalance = "Insufficient balance.";
  static constexpr std::string_view kMustAgree =
      "You must agree to the privacy policy and the terms of service.";
  static constexpr std::string_view kNoLongerAvailable =
      "An exclusive picture in your cart is no longer available.";
  static constexpr std::string_view kNoCardPayments =
      "This shop takes no card payments: pay from your balance.";

  // `payments` may be null: the shop takes no cards.
  PlaceOrder(Ports transactions, const ExchangeRateSource& rates, PaymentGateway* payments,
             RandomSource& random, const FulfilPaidOrder& fulfil, const Clock& clock,
             OrderLimits limits = {})
      : transactions_(std::move(transactions)),
        rates_(rates),
        payments_(payments),
        random_(random),
        fulfil_(fulfil),
        clock_(clock),
        limits_(limits) {}
  Result<PlacedOrder> operator()(PlaceOrderCommand command);

 private:
  Ports transactions_;
  const ExchangeRateSource& rates_;
  PaymentGateway* payments_;
  RandomSource& random_;
  const FulfilPaidOrder& fulfil_;
  const Clock& clock_;
  OrderLimits limits_;
};

}  // namespace artshop
