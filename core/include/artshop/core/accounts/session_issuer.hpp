#pragma once

#include <chrono>
#include <string>

#include "artshop/core/accounts/ports.hpp"
#include "artshop/core/accounts/repositories.hpp"
#include "artshop/core/ports/random_source.hpp"

namespace artshop {

// The pair a client keeps after logging in or refreshing (SPEC.md: accessToken, refreshToken).
struct SessionTokens {
  std::string access_token;
  std::string refresh_token;
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

}  // namespace artshop
