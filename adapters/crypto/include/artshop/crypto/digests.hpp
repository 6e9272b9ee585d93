#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "artshop/core/accounts/ports.hpp"

namespace artshop::crypto {

using Sha256Digest = std::array<std::byte, 32>;

Sha256Digest sha256(std::string_view data);
// Lower-case hex of SHA-256: 64 characters.
std::string sha256_hex(std::string_view data);
Sha256Digest hmac_sha256(std::span<const std::byte> key, std::string_view data);
Sha256Digest hmac_sha256(std::string_view key, std::string_view data);

// Compares without an early exit on the first differing byte, so the time taken does not tell
// an attacker how much of a forged MAC was right. Only the lengths leak, and a MAC's length is
// public anyway.
bool equal_in_constant_time(std::string_view a, std::string_view b) noexcept;

// Refresh tokens and reset codes carry 256 and 40 random bits. A plain SHA-256 suffices for
// the 256-bit token; for the 40-bit code the digest only keeps a leaked database from being
// used directly, while the code's 10-minute life and 5 tries protect it.
class Sha256TokenHasher final : public TokenHasher {
 public:
  std::string digest(std::string_view token) const override { return sha256_hex(token); }
};

// HMAC-SHA256 under a server key, as lower-case hex: for secrets whose digest alone must not
// let a copy of the database test guesses offline (reset codes carry only 40 bits) and for
// lookups by a number that must stay unknown (gift cards).
class HmacTokenHasher final : public TokenHasher {
 public:
  // Throws std::invalid_argument for a key shorter than 32 bytes.
  explicit HmacTokenHasher(std::vector<std::byte> key);
  std::string digest(std::string_view token) const override;

 private:
  std::vector<std::byte> key_;
};

// A key for one purpose derived from a secret meant for several (HMAC-SHA256 of the purpose
// under the secret), so one leaked derived key does not reveal the others.
std::vector<std::byte> derive_subkey(std::span<const std::byte> secret, std::string_view purpose);

}  // namespace artshop::crypto
