#pragma once

// Gift-card numbers are kept as digests (DESIGN.md section 7): this program's TokenHasher is
// SHA-256 from OpenSSL's libcrypto, as the shop's own is. Any fixed-length cryptographic
// digest will do; what matters is that the same number always gives the same digest.

#include <openssl/evp.h>

#include <array>
#include <artshop/core/accounts/ports.hpp>
#include <stdexcept>
#include <string>
#include <string_view>

namespace embed {

class Sha256Digests final : public artshop::TokenHasher {
 public:
  std::string digest(std::string_view token) const override {
    std::array<unsigned char, EVP_MAX_MD_SIZE> bytes{};
    unsigned int size = 0;
    if (EVP_Digest(token.data(), token.size(), bytes.data(), &size, EVP_sha256(), nullptr) != 1) {
      throw std::runtime_error("SHA-256 failed");
    }
    static constexpr std::string_view kHex = "0123456789abcdef";
    std::string hex;
    hex.reserve(2 * size);
    for (unsigned int i = 0; i < size; ++i) {
      hex += kHex[bytes[i] >> 4U];
      hex += kHex[bytes[i] & 0x0FU];
    }
    return hex;
  }
};

}  // namespace embed
