#pragma once

#include "artshop/core/accounts/ports.hpp"
#include "artshop/core/ports/random_source.hpp"

namespace artshop::crypto {

// Seals a refresh token's successor with AES-256-GCM under a key derived from the rotated token
// (HMAC-SHA256 keyed by the token), stored as hex of nonce || ciphertext || tag. The server
// keeps only a digest of the rotated token, so no key of its own can open what is stored: only
// the client presenting the rotated token again can.
class AesGcmRefreshSuccessorSealer final : public RefreshSuccessorSealer {
 public:
  // `random` (the nonces) must outlive the sealer.
  explicit AesGcmRefreshSuccessorSealer(RandomSource& random) : random_(random) {}

  std::string seal(std::string_view successor, std::string_view rotated_token) const override;
  std::optional<std::string> open(std::string_view sealed,
                                  std::string_view rotated_token) const override;

 private:
  RandomSource& random_;
};

}  // namespace artshop::crypto
