#include "artshop/crypto/aes_gcm_gift_card_cipher.hpp"

#include <algorithm>
#include <stdexcept>

#include "artshop/crypto/aes_gcm.hpp"
#include "artshop/crypto/digests.hpp"
#include "artshop/crypto/hex.hpp"
#include "artshop/crypto/jwt_keyring.hpp"

namespace artshop::crypto {

AesGcmGiftCardNumberCipher::AesGcmGiftCardNumberCipher(CipherKey current,
                                                       std::vector<CipherKey> previous,
                                                       RandomSource& random)
    : random_(random) {
  keys_.push_back(std::move(current));
  for (auto& key : previous) keys_.push_back(std::move(key));
  for (std::size_t i = 0; i < keys_.size(); ++i) {
    if (keys_[i].secret.size() != kAesGcmKeyBytes) {
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
  return {.key_id = key.id, .text = to_hex(aes_gcm_seal(key.secret, key.id, number, random_))};
}

std::optional<std::string> AesGcmGiftCardNumberCipher::open(const Sealed& sealed) const {
  const auto key = std::ranges::find(keys_, sealed.key_id, &CipherKey::id);
  const auto raw = from_hex(sealed.text);
  if (key == keys_.end() || !raw) return std::nullopt;
  // The key id is the associated data: a text cannot be passed off under another key's name.
  return aes_gcm_open(key->secret, key->id, *raw);
}

GiftCardKeys derive_gift_card_keys(const std::vector<std::byte>& secret) {
  return {.cipher = {.id = derive_key_id(secret),
                     .secret = derive_subkey(secret, "artshop gift-card numbers: AES-256-GCM")},
          .lookup = derive_subkey(secret, "artshop gift-card numbers: lookup HMAC")};
}

}  // namespace artshop::crypto
