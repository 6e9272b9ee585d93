#pragma once

#include "artshop/core/backoffice/adjust_balance.hpp"
#include "artshop/core/backoffice/customer_ledger.hpp"
#include "artshop/core/backoffice/get_customer_for_staff.hpp"
#include "artshop/core/backoffice/lock_customer.hpp"
#include "artshop/core/backoffice/manage_gift_cards.hpp"
#include "artshop/core/backoffice/search_customers.hpp"
#include "artshop/core/backoffice/sign_out_everywhere.hpp"
#include "artshop/core/backoffice/unlock_customer.hpp"
#include "artshop/http/router.hpp"
#include "features/staff.hpp"
#include "infrastructure.hpp"

namespace artshop::app {

// The back office's customers: search, a customer's file and balance history, sign-out
// everywhere, the lock and balance adjustments (docs/back-office.md, "Customers"), and gift cards
// ("Gift cards"). Staff are the Staff feature's: it takes its session check.
struct CustomerDesk {
  CustomerDesk(Infrastructure& shared, Staff& staff);
  CustomerDesk(const CustomerDesk&) = delete;
  CustomerDesk& operator=(const CustomerDesk&) = delete;

  void add_routes(http::Router& router);

  Infrastructure& shared;
  Staff& staff;
  SearchCustomers search;
  GetCustomerForStaff get;
  CustomerLedger ledger;
  SignOutEverywhere sign_out_everywhere;
  LockCustomer lock;
  UnlockCustomer unlock;
  AdjustBalance adjust;
  ListGiftCards list_gift_cards;
  IssueGiftCard issue_gift_card;
  VoidGiftCard void_gift_card;
};

}  // namespace artshop::app
