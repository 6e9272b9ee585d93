#pragma once

#include "artshop/core/backoffice/confirm_refund.hpp"
#include "artshop/core/backoffice/get_order_for_staff.hpp"
#include "artshop/core/backoffice/refund_order.hpp"
#include "artshop/core/backoffice/search_orders.hpp"
#include "artshop/http/router.hpp"
#include "features/orders.hpp"
#include "features/staff.hpp"
#include "infrastructure.hpp"

namespace artshop::app {

// The back office's orders and refunds (docs/back-office.md, "Orders" and "Refunds"): its use
// cases and routes. Staff sessions are the Staff feature's; refunds go through the Orders
// feature's payment provider, whose refund webhooks it confirms.
struct BackOfficeOrders {
  BackOfficeOrders(Infrastructure& shared, Staff& staff, Orders& orders);
  BackOfficeOrders(const BackOfficeOrders&) = delete;
  BackOfficeOrders& operator=(const BackOfficeOrders&) = delete;

  void add_routes(http::Router& router);
  // Asks the provider again for card refunds left pending (the process died before it
  // answered, or it did not answer): housekeeping's, on the server that holds its lease.
  void retry_pending_refunds();

  Infrastructure& shared;
  Staff& staff;
  Orders& orders;
  SearchOrders search_orders;
  GetOrderForStaff get_order;
  RefundOrder refund_order;
  ConfirmRefund confirm_refund;
};

}  // namespace artshop::app
