#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "artshop/core/accounts/random_tokens.hpp"
#include "artshop/core/accounts/token_policy.hpp"

namespace artshop {
namespace {

// Hands out the bytes it was given, in order, so outputs can be predicted exactly.
class ScriptedRandomSource final : public RandomSource {
 public:
  explicit ScriptedRandomSource(std::vector<std::uint8_t> bytes) : bytes_(std::move(bytes)) {}
  void fill(std::span<std::byte> out) override {
    for (auto& byte : out) byte = static_cast<std::byte>(bytes_.at(next_++));
  }

 private:
  std::vector<std::uint8_t> bytes_;
  std::size_t next_ = 0;
};

// A seeded pseudo-random stream: statistically sound, reproducible, not secret.
class SeededRandomSource final : public RandomSource {
 public:
  explicit SeededRandomSource(std::uint64_t seed) : engine_(seed) {}
  void fill(std::span<std::byte> out) override {
    for (auto& byte : out) byte = static_cast<std::byte>(engine_() & 0xFFU);
  }

 private:
  std::mt19937_64 engine_;
};

TEST(AccountResetCode, Generate_TakesFiveBitsPerSymbolFromFiveBytes) {
  // 0x00 0x44 0x32 0x14 0xC7 = 00000 00001 00010 00011 00100 00101 00110 00111
  ScriptedRandomSource random({0x00, 0x44, 0x32, 0x14, 0xC7});
  EXPECT_EQ(generate_reset_code(random), "01234567");
  ScriptedRandomSource all_ones({0xFF, 0xFF, 0xFF, 0xFF, 0xFF});
  EXPECT_EQ(generate_reset_code(all_ones), "ZZZZZZZZ");
}

TEST(AccountResetCode, Generate_HasEightSymbolsOfTheUnambiguousAlphabet) {
  SeededRandomSource random(1);
  for (int i = 0; i < 1000; ++i) {
    const auto code = generate_reset_code(random);
    ASSERT_EQ(code.size(), kResetCodeLength);
    for (const char c : code) {
      EXPECT_NE(kResetCodeAlphabet.find(c), std::string_view::npos) << code;
      EXPECT_TRUE(c != 'I' && c != 'L' && c != 'O' && c != 'U') << code;
    }
  }
}

TEST(AccountResetCode, Generate_UsesEverySymbolAboutEquallyOftenInEveryPosition) {
  SeededRandomSource random(42);
  constexpr int kCodes = 32'000;
  std::array<std::map<char, int>, kResetCodeLength> counts;
  for (int i = 0; i < kCodes; ++i) {
    const auto code = generate_reset_code(random);
    for (std::size_t position = 0; position < code.size(); ++position) {
      ++counts[position][code[position]];
    }
  }
  // 1000 expected per cell; a chi-square over 31 degrees of freedom stays well below 70 for a
  // uniform source (p < 0.0001 to exceed), while a modulo bias or a stuck bit blows past it.
  for (const auto& in_position : counts) {
    ASSERT_EQ(in_position.size(), 32U);
    double chi_square = 0;
    for (const auto& [symbol, count] : in_position) {
      const double deviation = count - 1000.0;
      chi_square += deviation * deviation / 1000.0;
    }
    EXPECT_LT(chi_square, 70.0);
  }
}

TEST(AccountResetCode, Normalize_TrimsUpperCasesAndToleratesAMiddleSeparator) {
  EXPECT_EQ(normalize_reset_code(" abcd-efgh\n"), "ABCDEFGH");
  EXPECT_EQ(normalize_reset_code("ABCD EFGH"), "ABCDEFGH");
  EXPECT_EQ(normalize_reset_code("7K3M9QXZ"), "7K3M9QXZ");
}

TEST(AccountResetCode, Normalize_ReadsLookalikeLettersAsDigits) {
  EXPECT_EQ(normalize_reset_code("OIL23456"), "01123456");
}

TEST(AccountResetCode, Normalize_RejectsWrongLengthsSymbolsAndSeparators) {
  for (const std::string typed : {"", "ABCDEFG", "ABCDEFGHJ", "ABC-DEFGH", "ABCD--EFGH",
                                  "ABCD_EFGH", "ABCDEFGU", "ABCD\u00C9FGH"}) {
    EXPECT_FALSE(normalize_reset_code(typed)) << typed;
  }
}

TEST(AccountRefreshToken, Generate_Is43UrlSafeCharactersFrom32Bytes) {
  std::vector<std::uint8_t> bytes(32, 0xFF);
  ScriptedRandomSource random(bytes);
  const auto token = generate_refresh_token(random);
  EXPECT_EQ(token.size(), kRefreshTokenLength);
  // 42 symbols carry 252 one-bits; the last carries 4 more and 2 zero bits: 0b111100 = '8'.
  EXPECT_EQ(token, std::string(42, '_') + "8");
}

TEST(AccountRefreshToken, Generate_GivesADifferentTokenEachTime) {
  SeededRandomSource random(7);
  std::set<std::string> tokens;
  for (int i = 0; i < 10'000; ++i) tokens.insert(generate_refresh_token(random));
  EXPECT_EQ(tokens.size(), 10'000U);
}

TEST(AccountTokenPolicy, Lifetimes_MatchTheDesign) {
  EXPECT_EQ(kAccessTokenLifetime, std::chrono::minutes(15));
  EXPECT_EQ(kRefreshTokenLifetime, std::chrono::hours(24 * 30));
  EXPECT_EQ(kResetCodeLifetime, std::chrono::minutes(10));
  EXPECT_EQ(kResetCodeMaxAttempts, 5);
  EXPECT_EQ(kResetCodeAlphabet.size(), 32U);
}

}  // namespace
}  // namespace artshop
