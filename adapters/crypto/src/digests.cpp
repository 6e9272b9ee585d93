#include "artshop/crypto/digests.hpp"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>

#include <stdexcept>

#include "artshop/crypto/hex.hpp"

namespace artshop::crypto {

namespace {

const unsigned char* bytes_of(std::string_view data) noexcept {
  return reinterpret_cast<const unsigned char*>(data.data());
}

}  // namespace

Sha256Digest sha256(std::string_view data) {
  Sha256Digest digest{};
  if (SHA256(bytes_of(data), data.size(), reinterpret_cast<unsigned char*>(digest.data())) ==
      nullptr) {
    throw std::runtime_error("OpenSSL SHA256 failed");
  }
  return digest;
}

std::string sha256_hex(std::string_view data) {
  return to_hex(sha256(data));
}

Sha256Digest hmac_sha256(std::span<const std::byte> key, std::string_view data) {
  Sha256Digest mac{};
  unsigned int length = 0;
  if (HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()), bytes_of(data), data.size(),
           reinterpret_cast<unsigned char*>(mac.data()), &length) == nullptr ||
      length != mac.size()) {
    throw std::runtime_error("OpenSSL HMAC-SHA256 failed");
  }
  return mac;
}

Sha256Digest hmac_sha256(std::string_view key, std::string_view data) {
  return hmac_sha256(std::as_bytes(std::span(key.data(), key.size())), data);
}

HmacTokenHasher::HmacTokenHasher(std::vector<std::byte> key) : key_(std::move(key)) {
  if (key_.size() < sizeof(Sha256Digest)) {
    throw std::invalid_argument("an HMAC-SHA256 key has at least 32 bytes");
  }
}

std::string HmacTokenHasher::digest(std::string_view token) const {
  return to_hex(hmac_sha256(key_, token));
}

std::vector<std::byte> derive_subkey(std::span<const std::byte> secret, std::string_view purpose) {
  const auto mac = hmac_sha256(secret, purpose);
  return {mac.begin(), mac.end()};
}

bool equal_in_constant_time(std::string_view a, std::string_view b) noexcept {
  return a.size() == b.size() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace artshop::crypto
