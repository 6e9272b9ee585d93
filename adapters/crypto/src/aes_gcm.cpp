#include "artshop/crypto/aes_gcm.hpp"

#include <openssl/evp.h>

#include <algorithm>
#include <array>
#include <memory>
#include <stdexcept>

namespace artshop::crypto {
namespace {

using Context = std::unique_ptr<EVP_CIPHER_CTX, decltype(&EVP_CIPHER_CTX_free)>;

Context new_context() {
  Context context(EVP_CIPHER_CTX_new(), &EVP_CIPHER_CTX_free);
  if (!context) throw std::runtime_error("OpenSSL could not allocate a cipher context");
  return context;
}

unsigned char* bytes(std::byte* data) {
  return reinterpret_cast<unsigned char*>(data);
}
const unsigned char* bytes(const std::byte* data) {
  return reinterpret_cast<const unsigned char*>(data);
}
const unsigned char* bytes(std::string_view text) {
  return reinterpret_cast<const unsigned char*>(text.data());
}
int length(std::size_t size) {
  return static_cast<int>(size);
}

void require(int status, const char* step) {
  if (status != 1) throw std::runtime_error(std::string("OpenSSL AES-GCM failed at ") + step);
}

void require_key(std::span<const std::byte> key) {
  if (key.size() != kAesGcmKeyBytes) throw std::invalid_argument("an AES-256 key has 32 bytes");
}

}  // namespace

std::vector<std::byte> aes_gcm_seal(std::span<const std::byte> key, std::string_view associated,
                                    std::string_view plain, RandomSource& random) {
  require_key(key);
  std::vector<std::byte> sealed(kAesGcmNonceBytes + plain.size() + kAesGcmTagBytes);
  random.fill(std::span(sealed).first(kAesGcmNonceBytes));
  const auto* nonce = bytes(sealed.data());
  auto* ciphertext = bytes(sealed.data() + kAesGcmNonceBytes);
  auto context = new_context();
  int written = 0;
  require(EVP_EncryptInit_ex(context.get(), EVP_aes_256_gcm(), nullptr, nullptr, nullptr), "init");
  require(EVP_CIPHER_CTX_ctrl(context.get(), EVP_CTRL_GCM_SET_IVLEN, kAesGcmNonceBytes, nullptr),
          "nonce length");
  require(EVP_EncryptInit_ex(context.get(), nullptr, nullptr, bytes(key.data()), nonce), "key");
  require(EVP_EncryptUpdate(context.get(), nullptr, &written, bytes(associated),
                            length(associated.size())),
          "associated data");
  require(
      EVP_EncryptUpdate(context.get(), ciphertext, &written, bytes(plain), length(plain.size())),
      "encrypt");
  require(EVP_EncryptFinal_ex(context.get(), ciphertext + written, &written), "final");
  require(EVP_CIPHER_CTX_ctrl(context.get(), EVP_CTRL_GCM_GET_TAG, kAesGcmTagBytes,
                              ciphertext + plain.size()),
          "tag");
  return sealed;
}

std::optional<std::string> aes_gcm_open(std::span<const std::byte> key, std::string_view associated,
                                        std::span<const std::byte> sealed) {
  require_key(key);
  if (sealed.size() < kAesGcmNonceBytes + kAesGcmTagBytes) return std::nullopt;
  const auto nonce = sealed.first(kAesGcmNonceBytes);
  const auto ciphertext =
      sealed.subspan(kAesGcmNonceBytes, sealed.size() - kAesGcmNonceBytes - kAesGcmTagBytes);
  std::array<unsigned char, kAesGcmTagBytes> tag{};
  const auto stored_tag = sealed.last(kAesGcmTagBytes);
  std::copy_n(bytes(stored_tag.data()), kAesGcmTagBytes, tag.begin());

  std::string plain(ciphertext.size(), '\0');
  auto* out = reinterpret_cast<unsigned char*>(plain.data());
  auto context = new_context();
  int written = 0;
  require(EVP_DecryptInit_ex(context.get(), EVP_aes_256_gcm(), nullptr, nullptr, nullptr), "init");
  require(EVP_CIPHER_CTX_ctrl(context.get(), EVP_CTRL_GCM_SET_IVLEN, kAesGcmNonceBytes, nullptr),
          "nonce length");
  require(
      EVP_DecryptInit_ex(context.get(), nullptr, nullptr, bytes(key.data()), bytes(nonce.data())),
      "key");
  require(EVP_DecryptUpdate(context.get(), nullptr, &written, bytes(associated),
                            length(associated.size())),
          "associated data");
  require(EVP_DecryptUpdate(context.get(), out, &written, bytes(ciphertext.data()),
                            length(ciphertext.size())),
          "decrypt");
  require(EVP_CIPHER_CTX_ctrl(context.get(), EVP_CTRL_GCM_SET_TAG, kAesGcmTagBytes, tag.data()),
          "tag");
  // The tag is checked here: an altered text, nonce, key or associated data opens to nothing.
  if (EVP_DecryptFinal_ex(context.get(), out + written, &written) != 1) return std::nullopt;
  return plain;
}

}  // namespace artshop::crypto
