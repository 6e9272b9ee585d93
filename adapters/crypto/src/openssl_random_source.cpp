#include "artshop/crypto/openssl_random_source.hpp"

#include <openssl/rand.h>

#include <algorithm>
#include <climits>
#include <stdexcept>

namespace artshop::crypto {

void OpenSslRandomSource::fill(std::span<std::byte> out) {
  // RAND_bytes takes an int count, so very large requests go in pieces.
  while (!out.empty()) {
    const std::size_t chunk = std::min<std::size_t>(out.size(), INT_MAX);
    if (RAND_bytes(reinterpret_cast<unsigned char*>(out.data()), static_cast<int>(chunk)) != 1) {
      throw std::runtime_error("OpenSSL RAND_bytes failed: no secure random bytes available");
    }
    out = out.subspan(chunk);
  }
}

}  // namespace artshop::crypto
