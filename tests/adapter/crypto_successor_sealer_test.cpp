#include <gtest/gtest.h>

#include <string>

#include "artshop/crypto/aes_gcm_successor_sealer.hpp"
#include "artshop/crypto/openssl_random_source.hpp"

namespace artshop::crypto {
namespace {

constexpr std::string_view kRotated = "rM3kQ8vYb2T0xW5nJ7cL9pA4sD6fG1hK3zE8uI0oP2q";
constexpr std::string_view kSuccessor = "Vq9T2mB7xK4cN1pZ8wR6sL3yH5gD0fJ2aE7uC9oQ4t";

class SuccessorSealer : public ::testing::Test {
 protected:
  OpenSslRandomSource random;
  AesGcmRefreshSuccessorSealer sealer{random};
};

TEST_F(SuccessorSealer, OpensBackTheSuccessorWithTheRotatedToken) {
  const auto sealed = sealer.seal(kSuccessor, kRotated);
  EXPECT_EQ(sealer.open(sealed, kRotated), std::string(kSuccessor));
  EXPECT_EQ(sealed.find(kSuccessor), std::string::npos);
  EXPECT_EQ(sealed.size(), 2 * (12 + kSuccessor.size() + 16)) << "hex of nonce, text and tag";
  EXPECT_NE(sealer.seal(kSuccessor, kRotated), sealed) << "a fresh nonce each time";
}

TEST_F(SuccessorSealer, AnyOtherTokenOpensNothing) {
  const auto sealed = sealer.seal(kSuccessor, kRotated);
  EXPECT_EQ(sealer.open(sealed, kSuccessor), std::nullopt);
  EXPECT_EQ(sealer.open(sealed, std::string(kRotated).replace(0, 1, "s")), std::nullopt);
  EXPECT_EQ(sealer.open(sealed, ""), std::nullopt);
}

TEST_F(SuccessorSealer, AnAlteredOrUnreadableTextOpensNothing) {
  const auto sealed = sealer.seal(kSuccessor, kRotated);
  for (const std::size_t at : {0UL, 40UL, sealed.size() - 1}) {  // nonce, ciphertext, tag
    auto altered = sealed;
    altered[at] = altered[at] == '0' ? '1' : '0';
    EXPECT_EQ(sealer.open(altered, kRotated), std::nullopt) << "hex digit " << at;
  }
  EXPECT_EQ(sealer.open("not hex", kRotated), std::nullopt);
  EXPECT_EQ(sealer.open(sealed.substr(0, 40), kRotated), std::nullopt) << "cut short";
}

}  // namespace
}  // namespace artshop::crypto
