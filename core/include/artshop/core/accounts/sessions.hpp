#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <utility>

#include "artshop/core/accounts/common_passwords.hpp"
#include "artshop/core/accounts/credentials.hpp"
#include "artshop/core/accounts/ports.hpp"
#include "artshop/core/accounts/rate_limits.hpp"
#include "artshop/core/accounts/repositories.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/random_source.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

// The pair a client keeps after logging in or refreshing (SPEC.md: accessToken, refreshToken).
struct SessionTokens {
  std::string access_token;
  std::string refresh_token;
};

// The caller of a signed-in call, read from a verified access token.
struct Caller {
  UserId user;
  std::string session;  // the login's refresh-token family
};

// Mints the tokens of a login: a signed access token and a fresh refresh token whose digest
// joins the login's family.
class SessionIssuer {
 public:
  SessionIssuer(const AccessTokenCodec& tokens, const TokenHasher& digests, RandomSource& random)
      : tokens_(tokens), digests_(digests), random_(random) {}

  // A new family id for a new login: 128 random bits, hex.
  std::string new_family();
  std::string new_refresh_token();
  // A signed access token of the login `family`.
  std::string access_token(UserId user, const std::string& family,
                           std::chrono::system_clock::time_point now) const;
  // Stores `refresh_token` (a fresh one when not given) in the family, next to an access token.
  SessionTokens issue(RefreshTokenRepository& store, UserId user, const std::string& family,
                      std::chrono::system_clock::time_point now);
  SessionTokens issue(RefreshTokenRepository& store, UserId user, const std::string& family,
                      std::chrono::system_clock::time_point now, std::string refresh_token);

 private:
  const AccessTokenCodec& tokens_;
  const TokenHasher& digests_;
  RandomSource& random_;
};

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

// POST /api/Accounts/refresh. Rotates the refresh token; a token presented after it was
// rotated means it was stolen or replayed, so the whole login is revoked. Within the grace
// period after its rotation, though, a token is answered the same successor again: two tabs
// that refresh one token at once both stay signed in, holding the same new token.
class RefreshSession {
 public:
  static constexpr std::string_view kEmptyToken = "refresh token is empty";
  static constexpr std::string_view kInvalidToken = "Your session has ended. Please log in again.";
  using Ports = Transactions<RefreshTokenRepository>;

  // `grace` counts in whole seconds of the clock; zero keeps no successor.
  RefreshSession(Ports transactions, const TokenHasher& digests,
                 const RefreshSuccessorSealer& sealer, SessionIssuer& issuer, const Clock& clock,
                 std::chrono::seconds grace)
      : transactions_(std::move(transactions)),
        digests_(digests),
        sealer_(sealer),
        issuer_(issuer),
        clock_(clock),
        grace_(grace) {}
  Result<SessionTokens> operator()(std::string_view refresh_token);

  // Forgets the successors whose grace period is over (run by the periodic housekeeping).
  Result<int> forget_spent_successors();

 private:
  std::optional<std::string> successor_within_grace(const RefreshTokenRecord& rotated,
                                                    std::string_view token,
                                                    std::chrono::sys_seconds now) const;

  Ports transactions_;
  const TokenHasher& digests_;
  const RefreshSuccessorSealer& sealer_;
  SessionIssuer& issuer_;
  const Clock& clock_;
  std::chrono::seconds grace_;
};

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
