#pragma once

#include <optional>
#include <string>
#include <vector>

#include "artshop/core/backoffice/customer_desk.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/orders/repositories.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

struct CustomerLedgerItem {
  CustomerLedgerLine line;
  // What moved the balance, as staff read it: "Order 42", "Deposit", "Gift card redeemed",
  // "Adjustment: <reason>", "Generated image", "Late payment"; the reference when unknown.
  std::string description;
};

struct CustomerLedgerListing {
  std::vector<CustomerLedgerItem> items;  // newest first; the first's balance is the present one
  std::int64_t total = 0;
  PageRequest page;
};

// GET /api/admin/customers/{id}/ledger (view_customers): the customer's balance entry by entry,
// newest first, each with the balance right after it.
class CustomerLedger {
 public:
  using Ports = Transactions<CustomerRecords, PaymentRepository, OrderRepository>;

  explicit CustomerLedger(Ports transactions) : transactions_(std::move(transactions)) {}
  Result<CustomerLedgerListing> operator()(const StaffActor& actor, UserId customer,
                                           const std::optional<std::string>& page,
                                           const std::optional<std::string>& page_size);

 private:
  Ports transactions_;
};

}  // namespace artshop
