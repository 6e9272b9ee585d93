#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "artshop/crypto/aes_gcm_gift_card_cipher.hpp"
#include "artshop/crypto/digests.hpp"
#include "artshop/crypto/hex.hpp"
#include "artshop/crypto/openssl_random_source.hpp"

namespace artshop::crypto {
namespace {

constexpr std::string_view kNumber = "7K3QW9ZX2M4B8R1T";

std::vector<std::byte> filled(std::uint8_t value, std::size_t size = 32) {
  return std::vector<std::byte>(size, std::byte{value});
}

class GiftCardCipher : public ::testing::Test {
 protected:
  OpenSslRandomSource random;
  AesGcmGiftCardNumberCipher cipher{
      {.id = "key-2", .secret = filled(2)}, {{.id = "key-1", .secret = filled(1)}}, random};
  AesGcmGiftCardNumberCipher old_cipher{{.id = "key-1", .secret = filled(1)}, {}, random};
};

TEST_F(GiftCardCipher, SealsWithTheCurrentKeyAndOpensBackTheNumber) {
  const auto sealed = cipher.seal(kNumber);
  EXPECT_EQ(sealed.key_id, "key-2");
  EXPECT_EQ(cipher.open(sealed), std::string(kNumber));
  EXPECT_EQ(sealed.text.find(kNumber), std::string::npos);
}

TEST_F(GiftCardCipher, StoresNonceCiphertextAndTag_WithAFreshNonceEachTime) {
  const auto first = cipher.seal(kNumber);
  const auto second = cipher.seal(kNumber);
  EXPECT_EQ(first.text.size(), 2 * (12 + kNumber.size() + 16));
  EXPECT_NE(first.text.substr(0, 24), second.text.substr(0, 24)) << "96-bit nonces differ";
  EXPECT_NE(first.text, second.text);
}

TEST_F(GiftCardCipher, APreviousKeyStillOpensWhatItSealed) {
  const auto sealed_before_rotation = old_cipher.seal(kNumber);
  EXPECT_EQ(cipher.open(sealed_before_rotation), std::string(kNumber));
  EXPECT_EQ(old_cipher.open(cipher.seal(kNumber)), std::nullopt) << "key-2 is unknown to it";
}

TEST_F(GiftCardCipher, AnAlteredTextNonceTagOrKeyIdOpensToNothing) {
  const auto sealed = cipher.seal(kNumber);
  for (const std::size_t at : {0UL, 30UL, sealed.text.size() - 1}) {  // nonce, ciphertext, tag
    auto altered = sealed;
    altered.text[at] = altered.text[at] == '0' ? '1' : '0';
    EXPECT_EQ(cipher.open(altered), std::nullopt) << "hex digit " << at;
  }
  // Sealed under key-1's secret but labelled key-2: the id is authenticated too.
  auto relabelled = old_cipher.seal(kNumber);
  relabelled.key_id = "key-2";
  EXPECT_EQ(cipher.open(relabelled), std::nullopt);
  EXPECT_EQ(cipher.open({.key_id = "key-2", .text = "not hex"}), std::nullopt);
  EXPECT_EQ(cipher.open({.key_id = "key-2", .text = "00ff"}), std::nullopt);
}

TEST_F(GiftCardCipher, RefusesKeysThatAreNotAes256OrShareAnId) {
  EXPECT_THROW(AesGcmGiftCardNumberCipher({.id = "short", .secret = filled(1, 16)}, {}, random),
               std::invalid_argument);
  EXPECT_THROW(AesGcmGiftCardNumberCipher({.id = "same", .secret = filled(1)},
                                          {{.id = "same", .secret = filled(2)}}, random),
               std::invalid_argument);
}

TEST(GiftCardKeys, DeriveADistinctCipherAndLookupKeyWithAStableIdFromOneSecret) {
  const auto keys = derive_gift_card_keys(filled(9));
  EXPECT_EQ(keys.cipher.id, derive_gift_card_keys(filled(9)).cipher.id);
  EXPECT_NE(keys.cipher.id, derive_gift_card_keys(filled(8)).cipher.id);
  EXPECT_EQ(keys.cipher.secret.size(), 32U);
  EXPECT_NE(keys.cipher.secret, keys.lookup);
  EXPECT_NE(keys.cipher.secret, filled(9)) << "the secret itself is used for neither";
}

TEST(HmacTokenHasher, MatchesRfc4231TestCase6AndDependsOnTheKey) {
  // RFC 4231 4.7: a 131-byte key of 0xaa.
  const HmacTokenHasher hasher(filled(0xaa, 131));
  EXPECT_EQ(hasher.digest("Test Using Larger Than Block-Size Key - Hash Key First"),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
  EXPECT_NE(HmacTokenHasher(filled(1)).digest("ABCD2345"),
            HmacTokenHasher(filled(2)).digest("ABCD2345"));
  EXPECT_NE(HmacTokenHasher(filled(1)).digest("ABCD2345"), sha256_hex("ABCD2345"))
      << "a copy of the database cannot test guesses without the key";
  EXPECT_THROW(HmacTokenHasher(filled(1, 16)), std::invalid_argument);
}

}  // namespace
}  // namespace artshop::crypto
