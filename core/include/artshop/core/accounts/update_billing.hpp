#pragma once

#include <utility>

#include "artshop/core/accounts/account.hpp"
#include "artshop/core/accounts/profile_forms.hpp"
#include "artshop/core/accounts/repositories.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

// POST /api/accounts/update-billing: changes the caller's own billing address, nobody else's.
class UpdateBilling {
 public:
  using Ports = Transactions<AccountRepository>;

  explicit UpdateBilling(Ports transactions) : transactions_(std::move(transactions)) {}
  Result<Account> operator()(UserId caller, BillingForm form);

 private:
  Ports transactions_;
};

}  // namespace artshop
