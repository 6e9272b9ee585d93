#pragma once

#include <string>
#include <string_view>

#include "artshop/core/accounts/credentials.hpp"
#include "artshop/core/accounts/rate_limits.hpp"
#include "artshop/core/accounts/repositories.hpp"
#include "artshop/core/accounts/session_issuer.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

struct LogInCommand {
  std::string email;
  std::string password;
  std::string client_address;
};

// POST /api/Accounts/login. A wrong pair is one general message, whichever part was wrong,
// and an unknown e-mail costs the same hashing time as a wrong password.
class LogIn {
 public:
  static constexpr std::string_view kWrongCredentials = "The e-mail or password is incorrect.";
  // Told only after a right password, so that it says nothing of an address to a guesser.
  static constexpr std::string_view kLocked = "This account is locked: write to support.";
  using Ports = Transactions<AccountRepository, RefreshTokenRepository, RateLimitRepository>;

  LogIn(Ports transactions, const Credentials& credentials, SessionIssuer& issuer,
        const Clock& clock, RateLimits limits);
  Result<SessionTokens> operator()(LogInCommand command);

 private:
  Ports transactions_;
  const Credentials& credentials_;
  SessionIssuer& issuer_;
  const Clock& clock_;
  RateLimits limits_;
  std::string dummy_hash_;  // verified against when the e-mail is unknown
};

}  // namespace artshop
