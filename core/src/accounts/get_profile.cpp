#include "artshop/core/accounts/get_profile.hpp"

#include "account_lookup.hpp"

namespace artshop {

using detail::reload;

Result<Account> GetProfile::operator()(UserId caller) {
  return transactions_.read(
      [&](Ports::Scope& tx) { return reload(tx.get<AccountRepository>(), caller); });
}

}  // namespace artshop
