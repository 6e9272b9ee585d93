#pragma once

#include <utility>

#include "artshop/core/accounts/account.hpp"
#include "artshop/core/accounts/repositories.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

// GET /api/Accounts/profile: the caller's own account.
class GetProfile {
 public:
  using Ports = Transactions<AccountRepository>;

  explicit GetProfile(Ports transactions) : transactions_(std::move(transactions)) {}
  Result<Account> operator()(UserId caller);

 private:
  Ports transactions_;
};

}  // namespace artshop
