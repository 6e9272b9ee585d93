#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace artshop {

// The hash functions a keyed MAC may be built on: what authenticator apps offer for one-time
// codes (RFC 6238 names all three; SHA-1 is the one every app supports).
enum class MacAlgorithm : std::uint8_t { Sha1, Sha256, Sha512 };

// HMAC (RFC 2104), which core cannot compute itself. Thread-safe.
class MessageAuthenticator {
 public:
  virtual ~MessageAuthenticator() = default;

  // HMAC of `message` under `key` with `algorithm`: 20, 32 or 64 bytes.
  virtual std::vector<std::byte> mac(MacAlgorithm algorithm, std::span<const std::byte> key,
                                     std::span<const std::byte> message) const = 0;
};

}  // namespace artshop
