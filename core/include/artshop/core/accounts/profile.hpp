#pragma once

#include "artshop/core/accounts/account.hpp"
#include "artshop/core/accounts/profile_forms.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/ports/unit_of_work.hpp"

namespace artshop {

// GET /api/Accounts/profile, POST /api/accounts/update and /api/accounts/update-billing.
// Each reads or changes only the caller's own account.
class GetProfile {
 public:
  explicit GetProfile(UnitOfWork& transactions) : transactions_(transactions) {}
  Result<Account> operator()(UserId caller);

 private:
  UnitOfWork& transactions_;
};

class UpdateProfile {
 public:
  explicit UpdateProfile(UnitOfWork& transactions) : transactions_(transactions) {}
  Result<Account> operator()(UserId caller, ProfileForm form);

 private:
  UnitOfWork& transactions_;
};

class UpdateBilling {
 public:
  explicit UpdateBilling(UnitOfWork& transactions) : transactions_(transactions) {}
  Result<Account> operator()(UserId caller, BillingForm form);

 private:
  UnitOfWork& transactions_;
};

}  // namespace artshop
