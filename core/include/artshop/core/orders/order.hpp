#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "artshop/core/catalogue/offer.hpp"
#include "artshop/core/ids.hpp"
#include "artshop/core/money.hpp"
#include "artshop/core/orders/payment.hpp"

namespace artshop {

using OrderId = Id<struct OrderTag>;

// How records about an order name it: "order:42" (an audit record's object, a mail's `about`).
inline std::string order_object(OrderId order) {
  return "order:" + std::to_string(order.value);
}
using ArtworkId = Id<struct ArtworkTag>;

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

// What a customer buys. Its payment holds the amount (the total), the payer and the status;
// an order paid from the balance has one too, Paid the moment the order is placed, so the
// status lives in one place whichever way an order is paid.
struct Order {
  OrderId id;
  Payment payment;  // its purpose is PaymentPurpose::Order
  std::vector<OrderLine> lines;
  std::vector<GiftCardLine> gift_cards;
  bool pay_by_balance = false;
  // Given back by refunds pending or succeeded, in the payment's currency (docs/back-office.md).
  std::int64_t refunded_minor = 0;

  // The sum of the lines and gift cards, in the payment's currency.
  Money total() const noexcept { return payment.amount(); }
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
