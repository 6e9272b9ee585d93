#include "artshop/core/accounts/profile.hpp"

namespace artshop {
namespace {

Result<Account> reload(Repositories& repos, UserId caller) {
  auto account = repos.accounts.find_by_id(caller);
  if (!account) return std::unexpected(Error::unauthenticated("account no longer exists"));
  return std::move(*account);
}

}  // namespace

Result<Account> GetProfile::operator()(UserId caller) {
  return transactions_.read([&](Repositories& repos) { return reload(repos, caller); });
}

Result<Account> UpdateProfile::operator()(UserId caller, ProfileForm form) {
  auto valid = validate_profile_update(std::move(form));
  if (!valid) return std::unexpected(Error::validation(std::move(valid.error())));
  return transactions_.write([&](Repositories& repos) {
    repos.accounts.update_names(caller, valid->first_name, valid->last_name);
    return reload(repos, caller);
  });
}

Result<Account> UpdateBilling::operator()(UserId caller, BillingForm form) {
  auto valid = validate_billing_update(std::move(form));
  if (!valid) return std::unexpected(Error::validation(std::move(valid.error())));
  return transactions_.write([&](Repositories& repos) {
    repos.accounts.update_billing(caller, {.country = valid->country,
                                           .state = valid->state,
                                           .city = valid->city,
                                           .address1 = valid->address1,
                                           .zip_code = valid->zip_code});
    return reload(repos, caller);
  });
}

}  // namespace artshop
