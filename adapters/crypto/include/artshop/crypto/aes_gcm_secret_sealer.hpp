#pragma once

#include <cstddef>
#include <vector>

#include "artshop/core/ports/random_source.hpp"
#include "artshop/core/staff/repositories.hpp"

namespace artshop::crypto {

// Seals the staff's TOTP secrets with AES-256-GCM under a key derived from an installation
// secret kept outside the database (staff_secret_key, or <data_dir>/staff-secrets.key), stored
// as hex of nonce || ciphertext || tag: a copy of the database alone mints no codes.
class AesGcmSecretSealer final : public SecretSealer {
 public:
  // `random` (the nonces) must outlive the sealer. Throws std::invalid_argument for an
  // installation secret shorter than 32 bytes.
  AesGcmSecretSealer(const std::vector<std::byte>& installation_secret, RandomSource& random);

  std::string seal(std::string_view secret) const override;
  std::optional<std::string> open(std::string_view sealed) const override;

 private:
  std::vector<std::byte> key_;
  RandomSource& random_;
};

}  // namespace artshop::crypto
