#pragma once

#include <utility>

#include "artshop/core/accounts/account.hpp"
#include "artshop/core/accounts/profile_forms.hpp"
#include "artshop/core/accounts/repositories.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

// POST /api/accounts/update: changes the caller's own names, nobody else's.
class UpdateProfile {
 public:
  using Ports = Transactions<AccountRepository>;

  explicit UpdateProfile(Ports transactions) : transactions_(std::move(transactions)) {}
  Result<Account> operator()(UserId caller, ProfileForm form);

 private:
  Ports transactions_;
};

}  // namespace artshop
