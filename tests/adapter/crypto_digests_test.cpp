#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "artshop/crypto/digests.hpp"
#include "artshop/crypto/hex.hpp"

namespace artshop::crypto {
namespace {

TEST(CryptoDigests, Sha256Hex_MatchesFips180Vectors) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(CryptoDigests, HmacSha256_MatchesRfc4231TestCase2) {
  const std::string key = "Jefe";
  const auto mac = hmac_sha256(std::as_bytes(std::span(key)), "what do ya want for nothing?");
  EXPECT_EQ(to_hex(mac), "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
}

TEST(CryptoDigests, TokenHasher_StoresOnlyAFixedLengthDigest) {
  const Sha256TokenHasher hasher;
  const TokenHasher& port = hasher;
  const auto digest = port.digest("refresh-token-value");
  EXPECT_EQ(digest.size(), 64U);
  EXPECT_EQ(digest, port.digest("refresh-token-value"));
  EXPECT_NE(digest, port.digest("refresh-token-valuf"));
  EXPECT_EQ(digest.find("refresh"), std::string::npos);
}

TEST(CryptoDigests, Hex_MatchesRfc4648Base16VectorsInLowerCase) {
  const auto hex_of = [](std::string_view text) { return to_hex(std::as_bytes(std::span(text))); };
  EXPECT_EQ(hex_of(""), "");
  EXPECT_EQ(hex_of("f"), "66");
  EXPECT_EQ(hex_of("fo"), "666f");
  EXPECT_EQ(hex_of("foo"), "666f6f");
  EXPECT_EQ(hex_of("foob"), "666f6f62");
  EXPECT_EQ(hex_of("fooba"), "666f6f6261");
  EXPECT_EQ(hex_of("foobar"), "666f6f626172");
}

TEST(CryptoDigests, Hex_RoundTripsAndRejectsNonHex) {
  const std::vector<std::byte> bytes{std::byte{0x00}, std::byte{0xAB}, std::byte{0xFF}};
  EXPECT_EQ(to_hex(bytes), "00abff");
  EXPECT_EQ(from_hex("00ABff"), bytes);
  EXPECT_FALSE(from_hex("abc"));
  EXPECT_FALSE(from_hex("zz"));
  EXPECT_EQ(from_hex(""), std::vector<std::byte>{});
}

}  // namespace
}  // namespace artshop::crypto
