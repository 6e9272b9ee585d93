#pragma once

#include <utility>

#include "artshop/core/accounts/account.hpp"
#include "artshop/core/accounts/profile_forms.hpp"
#include "artshop/core/accounts/repositories.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

// GET /api/Accounts/profile, POST /api/accounts/update and /api/accounts/update-billing.
// Each reads or changes only the caller's own account.
class GetProfile {
 public:
  using Ports = Transactions<AccountRepository>;

  explicit GetProfile(Ports transactions) : transactions_(std::move(transactions)) {}
  Result<Account> operator()(UserId caller);

 private:
  Ports transactions_;
};

class UpdateProfile {
 public:
  using Ports = Transactions<AccountRepository>;

  explicit UpdateProfile(Ports transactions) : transactions_(std::move(transactions)) {}
  Result<Account> operator()(UserId caller, ProfileForm form);

 private:
  Ports transactions_;
};

class UpdateBilling {
 public:
  using Ports = Transactions<AccountRepository>;

  explicit UpdateBilling(Ports transactions) : transactions_(std::move(transactions)) {}
  Result<Account> operator()(UserId caller, BillingForm form);

 private:
  Ports transactions_;
};

}  // namespace artshop
