#pragma once

#include <optional>
#include <string>

#include "artshop/core/backoffice/customer_desk.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

// The query as sent: Query, Sort (email or -createdAt), Page, PageSize; every one optional.
struct SearchCustomersQuery {
  std::optional<std::string> text;
  std::optional<std::string> sort;
  std::optional<std::string> page;
  std::optional<std::string> page_size;
};

struct CustomerListing {
  CustomerPage customers;
  PageRequest page;
};

// GET /api/admin/customers (view_customers): customers whose e-mail holds the query, or whose
// first or last name starts with it, whatever the case; by e-mail or newest first, in pages.
class SearchCustomers {
 public:
  using Ports = Transactions<CustomerRecords>;

  explicit SearchCustomers(Ports transactions) : transactions_(std::move(transactions)) {}
  Result<CustomerListing> operator()(const StaffActor& actor, const SearchCustomersQuery& query);

 private:
  Ports transactions_;
};

}  // namespace artshop
