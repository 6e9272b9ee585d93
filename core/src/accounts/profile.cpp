#include "artshop/core/accounts/profile.hpp"

namespace artshop {
namespace {

Result<Account> reload(AccountRepository& accounts, UserId caller) {
  auto account = accounts.find_by_id(caller);
  if (!account) return std::unexpected(Error::unauthenticated("account no longer exists"));
  return std::move(*account);
}

}  // namespace

Result<Account> GetProfile::operator()(UserId caller) {
  return transactions_.read(
      [&](Ports::Scope& tx) { return reload(tx.get<AccountRepository>(), caller); });
}

Result<Account> UpdateProfile::operator()(UserId caller, ProfileForm form) {
  auto valid = validate_profile_update(std::move(form));
  if (!valid) return std::unexpected(Error::validation(std::move(valid.error())));
  return transactions_.write([&](Ports::Scope& tx) {
    auto& accounts = tx.get<AccountRepository>();
    accounts.update_names(caller, valid->first_name, valid->last_name);
    return reload(accounts, caller);
  });
}

Result<Account> UpdateBilling::operator()(UserId caller, BillingForm form) {
  auto valid = validate_billing_update(std::move(form));
  if (!valid) return std::unexpected(Error::validation(std::move(valid.error())));
  return transactions_.write([&](Ports::Scope& tx) {
    auto& accounts = tx.get<AccountRepository>();
    accounts.update_billing(caller, {.country = valid->country,
                                     .state = valid->state,
                                     .city = valid->city,
                                     .address1 = valid->address1,
                                     .zip_code = valid->zip_code});
    return reload(accounts, caller);
  });
}

}  // namespace artshop
