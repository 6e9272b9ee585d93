#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "artshop/core/orders/gift_card.hpp"
#include "artshop/core/ports/random_source.hpp"

namespace artshop::crypto {

// One AES-256 key and the id stored next to what it seals.
struct CipherKey {
  std::string id;
  std::vector<std::byte> secret;  // 32 bytes
};

// Seals gift-card numbers with AES-256-GCM (OpenSSL): a random 96-bit nonce per number, the
// text stored as hex of nonce || ciphertext || 128-bit tag. The key id is bound in as
// associated data, so a sealed text cannot be passed off under another key's name. New
// numbers take the current key; previous keys only open.
class AesGcmGiftCardNumberCipher final : public GiftCardNumberCipher {
 public:
  // Throws std::invalid_argument for a key that is not 32 bytes, an empty id or two keys
  // with one id. `random` must outlive the cipher.
  AesGcmGiftCardNumberCipher(CipherKey current, std::vector<CipherKey> previous,
                             RandomSource& random);

  Sealed seal(std::string_view number) const override;
  std::optional<std::string> open(const Sealed& sealed) const override;
  std::string_view current_key_id() const override { return keys_.front().id; }

 private:
  std::vector<CipherKey> keys_;  // the current key first
  RandomSource& random_;
};

// The two keys of the gift cards, derived from one installation secret (configured or kept in
// <data_dir>/gift-cards.key): the cipher key (id derived from the secret, so it survives
// restarts) and the HMAC key numbers are looked up by.
struct GiftCardKeys {
  CipherKey cipher;
  std::vector<std::byte> lookup;
};
GiftCardKeys derive_gift_card_keys(const std::vector<std::byte>& secret);

}  // namespace artshop::crypto
