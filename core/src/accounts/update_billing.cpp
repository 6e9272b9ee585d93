#include "artshop/core/accounts/update_billing.hpp"

#include "account_lookup.hpp"

namespace artshop {

using detail::reload;

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
