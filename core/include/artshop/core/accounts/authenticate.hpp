#pragma once

#include <string_view>
#include <utility>

#include "artshop/core/accounts/caller.hpp"
#include "artshop/core/accounts/ports.hpp"
#include "artshop/core/accounts/repositories.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

// Reads the caller from the Authorization header's bearer token: 401 for anything but a
// valid, unexpired access token of a login that has not ended. Logging out, changing or
// resetting the password end logins at once, not 15 minutes later: the token's login is
// looked up on every call (one indexed read).
class Authenticate {
 public:
  using Ports = Transactions<RefreshTokenRepository>;

  Authenticate(const AccessTokenCodec& tokens, const Clock& clock, Ports transactions)
      : tokens_(tokens), clock_(clock), transactions_(std::move(transactions)) {}
  Result<Caller> operator()(std::string_view bearer_token) const;

 private:
  const AccessTokenCodec& tokens_;
  const Clock& clock_;
  Ports transactions_;
};

}  // namespace artshop
