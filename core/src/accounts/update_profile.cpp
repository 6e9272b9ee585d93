#include "artshop/core/accounts/update_profile.hpp"

#include "account_lookup.hpp"

namespace artshop {

using detail::reload;

Result<Account> UpdateProfile::operator()(UserId caller, ProfileForm form) {
  auto valid = validate_profile_update(std::move(form));
  if (!valid) return std::unexpected(Error::validation(std::move(valid.error())));
  return transactions_.write([&](Ports::Scope& tx) {
    auto& accounts = tx.get<AccountRepository>();
    accounts.update_names(caller, valid->first_name, valid->last_name);
    return reload(accounts, caller);
  });
}

}  // namespace artshop
