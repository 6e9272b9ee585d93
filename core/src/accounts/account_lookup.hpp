#pragma once

#include <expected>
#include <utility>

#include "artshop/core/accounts/account.hpp"
#include "artshop/core/accounts/repositories.hpp"
#include "artshop/core/error.hpp"

namespace artshop::detail {

// The caller's account as stored now; a caller whose account is gone is signed out.
inline Result<Account> reload(AccountRepository& accounts, UserId caller) {
  auto account = accounts.find_by_id(caller);
  if (!account) return std::unexpected(Error::unauthenticated("account no longer exists"));
  return std::move(*account);
}

}  // namespace artshop::detail
