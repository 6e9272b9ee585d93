#include "artshop/crypto/aes_gcm_gift_card_cipher.hpp"

#include <openssl/evp.h>

#include <algorithm>
#include <array>
#include <memory>
#include <stdexcept>

#include "artshop/crypto/digests.hpp"
#include "artshop/crypto/hex.hpp"
#include "artshop/crypto/jwt_keyring.hpp"

namespace artshop::crypto {
namespace {

using Context = std::unique_ptr<EVP_CIPHER_CTX, decltype(&EVP_CIPHER_CTX_free)>;

Context new_context() {
  Context context(EVP_CIPHER_CTX_new(), &EVP_CIPHER_CTX_free);
  if (!context) throw std::runtime_error("OpenSSL could not allocate a cipher context");
  return context;
}

unsigned char* bytes(std::string& text) {
  return reinterpret_cast<unsigned char*>(text.data());
}
const unsigned char* bytes(std::string_view text) {
  return reinterpret_cast<const unsigned char*>(text.data());
}
const unsigned char* bytes(const std::vector<std::byte>& key) {
  return reinterpret_cast<const unsigned char*>(key.data());
}
int length(std::string_view text) {
  return static_cast<int>(text.size());
}

void require(int status, const char* step) {
  if (status != 1) throw std::runtime_error(std::string("OpenSSL AES-GCM failed at ") + step);
}

}  // namespace

AesGcmGiftCardNumberCipher::AesGcmGiftCardNumberCipher(CipherKey current,
                                                       std::vector<CipherKey> previous,
                                                       RandomSource& random)
    : random_(random) {
  keys_.push_back(std::move(current));
  for (auto& key : previous) keys_.push_back(std::move(key));
  for (std::size_t i = 0; i < keys_.size(); ++i) {
    if (keys_[i].secret.size() != kKeyBytes) {
      throw std::invalid_argument("an AES-256 key has 32 bytes");
    }
    if (keys_[i].id.empty()) throw std::invalid_argument("a cipher key needs an id");
    for (std::size_t j = 0; j < i; ++j) {
      if (keys_[j].id == keys_[i].id) throw std::invalid_argument("two cipher keys share an id");
    }
  }
}

GiftCardNumberCipher::Sealed AesGcmGiftCardNumberCipher::seal(std::string_view number) const {
  const auto& key = keys_.front();
  std::string sealed(kNonceBytes + number.size() + kTagBytes, '\0');
  random_.fill(std::as_writable_bytes(std::span(sealed.data(), kNonceBytes)));
  auto* nonce = bytes(sealed);
  auto* ciphertext = nonce + kNonceBytes;
  auto context = new_context();
  int written = 0;
  require(EVP_EncryptInit_ex(context.get(), EVP_aes_256_gcm(), nullptr, nullptr, nullptr), "init");
  require(EVP_CIPHER_CTX_ctrl(context.get(), EVP_CTRL_GCM_SET_IVLEN, kNonceBytes, nullptr),
          "nonce length");
  require(EVP_EncryptInit_ex(context.get(), nullptr, nullptr, bytes(key.secret), nonce), "key");
  require(EVP_EncryptUpdate(context.get(), nullptr, &written, bytes(key.id), length(key.id)),
          "associated data");
  require(EVP_EncryptUpdate(context.get(), ciphertext, &written, bytes(number), length(number)),
          "encrypt");
  require(EVP_EncryptFinal_ex(context.get(), ciphertext + written, &written), "final");
  require(EVP_CIPHER_CTX_ctrl(context.get(), EVP_CTRL_GCM_GET_TAG, kTagBytes,
                              ciphertext + number.size()),
          "tag");
  return {.key_id = key.id, .text = to_hex(std::as_bytes(std::span(sealed)))};
}

std::optional<std::string> AesGcmGiftCardNumberCipher::open(const Sealed& sealed) const {
  const CipherKey* key = nullptr;
  for (const auto& known : keys_) {
    if (known.id == sealed.key_id) key = &known;
  }
  const auto raw = from_hex(sealed.text);
  if (key == nullptr || !raw || raw->size() < kNonceBytes + kTagBytes) return std::nullopt;
  const std::string_view whole(reinterpret_cast<const char*>(raw->data()), raw->size());
  const auto nonce = whole.substr(0, kNonceBytes);
  const auto ciphertext = whole.substr(kNonceBytes, whole.size() - kNonceBytes - kTagBytes);
  std::array<unsigned char, kTagBytes> tag{};
  std::copy_n(bytes(whole.substr(whole.size() - kTagBytes)), kTagBytes, tag.begin());

  std::string number(ciphertext.size(), '\0');
  auto context = new_context();
  int written = 0;
  require(EVP_DecryptInit_ex(context.get(), EVP_aes_256_gcm(), nullptr, nullptr, nullptr), "init");
  require(EVP_CIPHER_CTX_ctrl(context.get(), EVP_CTRL_GCM_SET_IVLEN, kNonceBytes, nullptr),
          "nonce length");
  require(EVP_DecryptInit_ex(context.get(), nullptr, nullptr, bytes(key->secret), bytes(nonce)),
          "key");
  require(EVP_DecryptUpdate(context.get(), nullptr, &written, bytes(key->id), length(key->id)),
          "associated data");
  require(EVP_DecryptUpdate(context.get(), bytes(number), &written, bytes(ciphertext),
                            length(ciphertext)),
          "decrypt");
  require(EVP_CIPHER_CTX_ctrl(context.get(), EVP_CTRL_GCM_SET_TAG, kTagBytes, tag.data()), "tag");
  // The tag is checked here: an altered text, nonce or key id opens to nothing.
  if (EVP_DecryptFinal_ex(context.get(), bytes(number) + written, &written) != 1) {
    return std::nullopt;
  }
  return number;
}

GiftCardKeys derive_gift_card_keys(const std::vector<std::byte>& secret) {
  return {.cipher = {.id = derive_key_id(secret),
                     .secret = derive_subkey(secret, "artshop gift-card numbers: AES-256-GCM")},
          .lookup = derive_subkey(secret, "artshop gift-card numbers: lookup HMAC")};
}

}  // namespace artshop::crypto
