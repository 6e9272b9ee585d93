#include <gtest/gtest.h>

#include <span>
#include <string>

#include "artshop/core/codec/base32.hpp"

namespace artshop {
namespace {

std::string encode(std::string_view bytes, std::string_view alphabet = base32::kRfc4648Alphabet) {
  return base32::encode(std::as_bytes(std::span(bytes.data(), bytes.size())), alphabet);
}

TEST(Base32, Encode_MatchesRfc4648VectorsWithoutPadding) {
  EXPECT_EQ(encode(""), "");
  EXPECT_EQ(encode("f"), "MY");
  EXPECT_EQ(encode("fo"), "MZXQ");
  EXPECT_EQ(encode("foo"), "MZXW6");
  EXPECT_EQ(encode("foob"), "MZXW6YQ");
  EXPECT_EQ(encode("fooba"), "MZXW6YTB");
  EXPECT_EQ(encode("foobar"), "MZXW6YTBOI");
}

TEST(Base32, Encode_InCrockfordsAlphabet_SpellsTheSameBits) {
  // "fooba" is 01100 11011 11110 11011 11011 00010 01100 00001.
  EXPECT_EQ(encode("fooba", base32::kCrockfordAlphabet), "CSQPYRK1");
  EXPECT_EQ(encode(std::string(5, '\xFF'), base32::kCrockfordAlphabet), "ZZZZZZZZ");
  EXPECT_EQ(encode(std::string(5, '\0'), base32::kCrockfordAlphabet), "00000000");
}

TEST(Base32, CrockfordSymbol_ReadsCaseAndLookalikes) {
  EXPECT_EQ(base32::read_crockford_symbol('a'), 'A');
  EXPECT_EQ(base32::read_crockford_symbol('Z'), 'Z');
  EXPECT_EQ(base32::read_crockford_symbol('o'), '0');
  EXPECT_EQ(base32::read_crockford_symbol('O'), '0');
  EXPECT_EQ(base32::read_crockford_symbol('i'), '1');
  EXPECT_EQ(base32::read_crockford_symbol('L'), '1');
}

TEST(Base32, CrockfordSymbol_RefusesWhatTheAlphabetLeavesOut) {
  for (const char c : {'U', 'u', '-', ' ', '_', '\0', '\xC3'}) {
    EXPECT_FALSE(base32::read_crockford_symbol(c)) << static_cast<int>(c);
  }
}

}  // namespace
}  // namespace artshop
