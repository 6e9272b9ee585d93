#pragma once

#include <chrono>
#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>

#include "artshop/core/accounts/token_policy.hpp"
#include "artshop/core/accounts/user_id.hpp"

// The ports of the accounts feature that need cryptography, which core cannot do itself.
// Implementations are thread-safe: hashing runs on a worker pool, verification on I/O threads.
namespace artshop {

// Turns passwords into self-describing hash strings (PHC format) and checks them.
class PasswordHasher {
 public:
  virtual ~PasswordHasher() = default;

  // A new salted hash of every byte of `password`. Deliberately slow.
  virtual std::string hash(std::string_view password) const = 0;
  // True when `password` is the one `stored_hash` was made from; false for any other
  // password and for a stored hash that cannot be read.
  virtual bool verify(std::string_view password, std::string_view stored_hash) const = 0;
  // True when `stored_hash` was made with other settings than new hashes get, so a login
  // that just verified the password should store a fresh hash.
  virtual bool needs_rehash(std::string_view stored_hash) const = 0;
};

// What an access token says: who it is for and when it is valid. Second resolution.
struct AccessTokenClaims {
  UserId subject;
  std::chrono::sys_seconds issued_at;
  std::chrono::sys_seconds expires_at;
  // The login (refresh-token family) the token belongs to, so that changing the password can
  // keep this login and end every other. Empty for tokens not tied to a login.
  std::string session;

  // The claims of a token issued now, living kAccessTokenLifetime.
  static AccessTokenClaims for_user(UserId user, std::chrono::system_clock::time_point now) {
    const auto issued = std::chrono::floor<std::chrono::seconds>(now);
    return {.subject = user,
            .issued_at = issued,
            .expires_at = issued + kAccessTokenLifetime,
            .session = {}};
  }
  friend bool operator==(const AccessTokenClaims&, const AccessTokenClaims&) = default;
};

// Why an access token was refused. Every one of them is a 401 to the client; the kind is
// for logs and tests.
enum class TokenError : std::uint8_t {
  Malformed,             // not three base64url segments of JSON objects
  UnsupportedAlgorithm,  // alg is not the pinned one ("none" included)
  UnknownKey,            // kid names no configured key
  BadSignature,
  WrongIssuer,
  WrongAudience,
  WrongTokenType,  // a well-signed token that is not an access token
  MissingClaim,    // sub, iat, exp, iss or aud absent or of the wrong type
  Expired,
};

std::string_view describe(TokenError error) noexcept;

// Issues and verifies the stateless access tokens that authenticate API calls.
class AccessTokenCodec {
 public:
  virtual ~AccessTokenCodec() = default;

  virtual std::string issue(const AccessTokenClaims& claims) const = 0;
  virtual std::expected<AccessTokenClaims, TokenError> verify(
      std::string_view token, std::chrono::system_clock::time_point now) const = 0;
};

// One-way digests of secrets the server must recognise but never keep: refresh tokens and
// reset codes are stored only as their digest, so a leaked database holds no usable token.
class TokenHasher {
 public:
  virtual ~TokenHasher() = default;
  // A fixed-length, deterministic digest (lower-case hex) of `token`.
  virtual std::string digest(std::string_view token) const = 0;
};

// Keeps a rotated refresh token's successor readable only to whoever presents the rotated
// token: the key is derived from that token, which the server never stores, so a copy of the
// database alone opens no successor.
class RefreshSuccessorSealer {
 public:
  virtual ~RefreshSuccessorSealer() = default;
  virtual std::string seal(std::string_view successor, std::string_view rotated_token) const = 0;
  // Nullopt when `sealed` was not sealed under `rotated_token`, or was altered.
  virtual std::optional<std::string> open(std::string_view sealed,
                                          std::string_view rotated_token) const = 0;
};

}  // namespace artshop
