#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace artshop::crypto {

// One HS256 key: the `kid` tokens name it by, and its secret.
struct JwtKey {
  std::string kid;
  std::vector<std::byte> secret;
};

// The keys access tokens are signed and verified with. New tokens are signed with the
// signing key; tokens naming any key of the ring verify, so a key can be rotated in without
// signing everybody out: add the new key as signing key, keep the old one for verification
// for one access-token lifetime, then drop it.
class JwtKeyring {
 public:
  // RFC 7518 section 3.2: an HS256 key has at least 256 bits.
  static constexpr std::size_t kMinSecretBytes = 32;

  // Throws std::invalid_argument for a secret shorter than kMinSecretBytes, a kid that is
  // empty, longer than 64 characters or not [A-Za-z0-9._-], or two keys with one kid.
  explicit JwtKeyring(JwtKey signing_key, std::vector<JwtKey> verification_keys = {});

  const JwtKey& signing_key() const noexcept { return keys_.front(); }
  // The key named `kid`, or nullptr.
  const JwtKey* find(std::string_view kid) const noexcept;

 private:
  std::vector<JwtKey> keys_;  // the signing key first
};

// A kid derived from the secret itself (the first 16 hex digits of its SHA-256), so a key
// keeps its name across restarts and a new key gets a new one without configuration.
std::string derive_key_id(const std::vector<std::byte>& secret);

}  // namespace artshop::crypto
