#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "artshop/crypto/aes_gcm_secret_sealer.hpp"
#include "artshop/crypto/openssl_random_source.hpp"

namespace artshop::crypto {
namespace {

// 20 bytes, as a TOTP secret is, zero bytes among them.
const std::string kSecret("\x00\x01\x02staff secret\xff\x00\x10\x20\x30", 20);

std::vector<std::byte> key(std::byte fill) {
  return std::vector<std::byte>(32, fill);
}

class SecretSealer : public ::testing::Test {
 protected:
  OpenSslRandomSource random;
  AesGcmSecretSealer sealer{key(std::byte{1}), random};
};

TEST_F(SecretSealer, OpensBackTheSecretAndShowsNothingOfIt) {
  const auto sealed = sealer.seal(kSecret);
  EXPECT_EQ(sealer.open(sealed), kSecret);
  EXPECT_EQ(sealed.size(), 2 * (12 + kSecret.size() + 16)) << "hex of nonce, text and tag";
  EXPECT_NE(sealer.seal(kSecret), sealed) << "a fresh nonce each time";
}

TEST_F(SecretSealer, AnotherKeyOrAnAlteredTextOpensNothing) {
  const auto sealed = sealer.seal(kSecret);
  const AesGcmSecretSealer other(key(std::byte{2}), random);
  EXPECT_EQ(other.open(sealed), std::nullopt);
  auto altered = sealed;
  altered[30] = altered[30] == '0' ? '1' : '0';
  EXPECT_EQ(sealer.open(altered), std::nullopt);
  EXPECT_EQ(sealer.open("not hex"), std::nullopt);
}

TEST_F(SecretSealer, AShortInstallationSecretIsRefused) {
  EXPECT_THROW(AesGcmSecretSealer(std::vector<std::byte>(31, std::byte{1}), random),
               std::invalid_argument);
}

}  // namespace
}  // namespace artshop::crypto
