#include "artshop/crypto/aes_gcm_successor_sealer.hpp"

#include "artshop/crypto/aes_gcm.hpp"
#include "artshop/crypto/digests.hpp"
#include "artshop/crypto/hex.hpp"

namespace artshop::crypto {
namespace {

constexpr std::string_view kPurpose = "artshop refresh successor: AES-256-GCM";

std::vector<std::byte> key_of(std::string_view rotated_token) {
  return derive_subkey(std::as_bytes(std::span(rotated_token)), kPurpose);
}

}  // namespace

std::string AesGcmRefreshSuccessorSealer::seal(std::string_view successor,
                                               std::string_view rotated_token) const {
  return to_hex(aes_gcm_seal(key_of(rotated_token), kPurpose, successor, random_));
}

std::optional<std::string> AesGcmRefreshSuccessorSealer::open(
    std::string_view sealed, std::string_view rotated_token) const {
  const auto raw = from_hex(sealed);
  if (!raw) return std::nullopt;
  return aes_gcm_open(key_of(rotated_token), kPurpose, *raw);
}

}  // namespace artshop::crypto
