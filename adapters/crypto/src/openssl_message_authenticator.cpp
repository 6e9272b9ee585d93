#include "artshop/crypto/openssl_message_authenticator.hpp"

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <stdexcept>

namespace artshop::crypto {
namespace {

const EVP_MD* digest_of(MacAlgorithm algorithm) {
  switch (algorithm) {
    case MacAlgorithm::Sha1:
      return EVP_sha1();
    case MacAlgorithm::Sha256:
      return EVP_sha256();
    case MacAlgorithm::Sha512:
      return EVP_sha512();
  }
  throw std::invalid_argument("unknown MAC algorithm");
}

const unsigned char* bytes_of(std::span<const std::byte> bytes) {
  return reinterpret_cast<const unsigned char*>(bytes.data());
}

}  // namespace

std::vector<std::byte> OpensslMessageAuthenticator::mac(MacAlgorithm algorithm,
                                                        std::span<const std::byte> key,
                                                        std::span<const std::byte> message) const {
  std::vector<std::byte> out(EVP_MAX_MD_SIZE);
  unsigned int length = 0;
  if (HMAC(digest_of(algorithm), key.data(), static_cast<int>(key.size()), bytes_of(message),
           message.size(), reinterpret_cast<unsigned char*>(out.data()), &length) == nullptr) {
    throw std::runtime_error("OpenSSL HMAC failed");
  }
  out.resize(length);
  return out;
}

}  // namespace artshop::crypto
