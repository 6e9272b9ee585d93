#pragma once

#include <chrono>
#include <expected>
#include <string>
#include <string_view>

#include "artshop/core/accounts/ports.hpp"
#include "artshop/crypto/jwt_keyring.hpp"

namespace artshop::crypto {

// Who issues the tokens and for whom; both are checked on every verification, so a token
// of another service sharing a key is refused.
struct JwtSettings {
  std::string issuer = "artshop";
  std::string audience = "artshop-api";
};

// Access tokens as compact JWS (RFC 7515/7519), HMAC-SHA256 signed.
//   header: {"alg":"HS256","typ":"JWT","kid":"..."}
//   claims: {"sub":"<user id>","iat":...,"exp":...,"iss":"...","aud":"...","token_use":"access",
//            "sid":"<login>"}   (sid only when the claims name a session)
// Verification pins HS256 before looking at anything else the token says, compares
// signatures in constant time, and requires token_use "access", so no other token the shop
// might sign can stand in for an access token.
class HmacJwtAccessTokenCodec final : public AccessTokenCodec {
 public:
  // Longer input is refused unread; real tokens are about 300 characters.
  static constexpr std::size_t kMaxTokenLength = 4096;
  static constexpr std::string_view kAccessTokenUse = "access";

  HmacJwtAccessTokenCodec(JwtKeyring keys, JwtSettings settings);

  std::string issue(const AccessTokenClaims& claims) const override;
  std::expected<AccessTokenClaims, TokenError> verify(
      std::string_view token, std::chrono::system_clock::time_point now) const override;

 private:
  JwtKeyring keys_;
  JwtSettings settings_;
};

}  // namespace artshop::crypto
