#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "artshop/core/accounts/repositories.hpp"
#include "artshop/core/backoffice/repositories.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/orders/gift_card.hpp"
#include "artshop/core/orders/repositories.hpp"
#include "artshop/core/ports/transactions.hpp"
#include "artshop/core/staff/staff_member.hpp"

namespace artshop {

// A gift card line of an order as staff see it: the card once issued (the order paid).
struct StaffOrderGiftCard {
  std::optional<std::int64_t> id;  // none while unpaid
  std::optional<GiftCard> card;
  Money amount{0, Currency::EUR};
  bool voided = false;
};

// Everything the order page shows (ORDER_DETAIL).
struct StaffOrderDetail {
  Order order;
  std::string email;
  std::string first_name;
  std::string last_name;
  std::set<int> refunded_lines;
  std::vector<StaffOrderGiftCard> gift_cards;
  std::vector<PostingRecord> ledger;  // the order's postings and its refunds', oldest first
  std::vector<OrderArtwork> artworks;
  std::vector<Refund> refunds;                       // oldest first
  std::vector<PaymentStatusChange> payment_history;  // oldest first
  std::vector<WebhookEventRecord> webhook_events;    // about its payment, oldest first
  std::vector<OutboxMailRecord> mails;               // about the order, oldest first
};

// GET /api/admin/orders/{id} (view_orders): one order with its payment and that payment's
// history and webhook events, ledger postings, gift cards, artworks, mails and refunds. An unknown
// id is 404 "No such order.".
class GetOrderForStaff {
 public:
  using Ports = Transactions<OrderRepository, AccountRepository, GiftCardRepository,
                             RefundRepository, StaffOrderReads>;

  explicit GetOrderForStaff(Ports transactions) : transactions_(std::move(transactions)) {}
  Result<StaffOrderDetail> operator()(const StaffActor& actor, OrderId order);

 private:
  Ports transactions_;
};

}  // namespace artshop
