#include "artshop/crypto/aes_gcm_secret_sealer.hpp"

#include <stdexcept>

#include "artshop/crypto/aes_gcm.hpp"
#include "artshop/crypto/digests.hpp"
#include "artshop/crypto/hex.hpp"

namespace artshop::crypto {
namespace {

constexpr std::string_view kPurpose = "artshop staff secret: AES-256-GCM";

}  // namespace

AesGcmSecretSealer::AesGcmSecretSealer(const std::vector<std::byte>& installation_secret,
                                       RandomSource& random)
    : random_(random) {
  if (installation_secret.size() < kAesGcmKeyBytes) {
    throw std::invalid_argument("the staff secret key must be 32 bytes or more");
  }
  key_ = derive_subkey(installation_secret, kPurpose);
}

std::string AesGcmSecretSealer::seal(std::string_view secret) const {
  return to_hex(aes_gcm_seal(key_, kPurpose, secret, random_));
}

std::optional<std::string> AesGcmSecretSealer::open(std::string_view sealed) const {
  const auto raw = from_hex(sealed);
  if (!raw) return std::nullopt;
  return aes_gcm_open(key_, kPurpose, *raw);
}

}  // namespace artshop::crypto
