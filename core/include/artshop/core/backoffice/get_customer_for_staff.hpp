#pragma once

#include <vector>

#include "artshop/core/backoffice/customer_desk.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/orders/repositories.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

// One customer as the back office opens them.
struct CustomerFile {
  inline static constexpr int kOrdersShown = 20;
  inline static constexpr int kGiftCardsShown = 100;

  CustomerRow customer;
  std::vector<Order> orders;  // the newest kOrdersShown
  int orders_total = 0;
  std::vector<CustomerTicket> tickets;
  std::vector<CustomerSession> sessions;    // the logins that still work
  std::vector<GiftCardListing> gift_cards;  // the newest kGiftCardsShown bought or redeemed
};

// GET /api/admin/customers/{id} (view_customers): profile, billing, balance, newest orders,
// support tickets, live sessions and the gift cards they bought or redeemed.
class GetCustomerForStaff {
 public:
  using Ports = Transactions<CustomerRecords, OrderRepository, GiftCardRepository>;

  GetCustomerForStaff(Ports transactions, const Clock& clock)
      : transactions_(std::move(transactions)), clock_(clock) {}
  Result<CustomerFile> operator()(const StaffActor& actor, UserId customer);

 private:
  Ports transactions_;
  const Clock& clock_;
};

}  // namespace artshop
