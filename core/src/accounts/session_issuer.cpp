#include "artshop/core/accounts/session_issuer.hpp"

#include <fmt/format.h>

#include <array>

#include "../whole_seconds.hpp"
#include "artshop/core/accounts/random_tokens.hpp"

namespace artshop {

using detail::seconds;

std::string SessionIssuer::new_family() {
  std::array<std::byte, 16> bytes{};
  random_.fill(bytes);
  std::string hex;
  for (const auto byte : bytes) hex += fmt::format("{:02x}", static_cast<unsigned>(byte));
  return hex;
}

std::string SessionIssuer::new_refresh_token() {
  return generate_refresh_token(random_);
}

std::string SessionIssuer::access_token(UserId user, const std::string& family,
                                        std::chrono::system_clock::time_point now) const {
  auto claims = AccessTokenClaims::for_user(user, now);
  claims.session = family;
  return tokens_.issue(claims);
}

SessionTokens SessionIssuer::issue(RefreshTokenRepository& store, UserId user,
                                   const std::string& family,
                                   std::chrono::system_clock::time_point now) {
  return issue(store, user, family, now, new_refresh_token());
}

SessionTokens SessionIssuer::issue(RefreshTokenRepository& store, UserId user,
                                   const std::string& family,
                                   std::chrono::system_clock::time_point now,
                                   std::string refresh_token) {
  store.insert(RefreshTokenRecord{.token_digest = digests_.digest(refresh_token),
                                  .user = user,
                                  .family = family,
                                  .expires_at = seconds(now) + kRefreshTokenLifetime},
               seconds(now));
  return {.access_token = access_token(user, family, now),
          .refresh_token = std::move(refresh_token)};
}

}  // namespace artshop
