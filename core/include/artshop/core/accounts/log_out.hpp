#pragma once

#include <string>
#include <utility>

#include "artshop/core/accounts/caller.hpp"
#include "artshop/core/accounts/ports.hpp"
#include "artshop/core/accounts/repositories.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

struct LogOutCommand {
  Caller caller;
  std::string refresh_token;  // optional: the client's refresh token, ended with its login
};

// POST /api/Accounts/logout. Ends the caller's login: its refresh tokens no longer refresh
// and its access tokens no longer authenticate. A refresh token of another of the caller's
// logins, when given, ends that one too; one of somebody else's is ignored.
class LogOut {
 public:
  using Ports = Transactions<RefreshTokenRepository>;

  LogOut(Ports transactions, const TokenHasher& digests, const Clock& clock)
      : transactions_(std::move(transactions)), digests_(digests), clock_(clock) {}
  Result<void> operator()(const LogOutCommand& command);

 private:
  Ports transactions_;
  const TokenHasher& digests_;
  const Clock& clock_;
};

}  // namespace artshop
