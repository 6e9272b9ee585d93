#include <gtest/gtest.h>

#include <array>
#include <map>
#include <set>
#include <string>

#include "artshop/core/accounts/random_tokens.hpp"
#include "artshop/core/accounts/token_policy.hpp"
#include "artshop/crypto/openssl_random_source.hpp"

namespace artshop::crypto {
namespace {

TEST(CryptoRandomSource, Fill_WritesDifferentBytesEachTime) {
  OpenSslRandomSource random;
  std::array<std::byte, 32> first{};
  std::array<std::byte, 32> second{};
  random.fill(first);
  random.fill(second);
  EXPECT_NE(first, second);
  EXPECT_NE(first, (std::array<std::byte, 32>{}));
  random.fill(std::span<std::byte>{});  // nothing asked, nothing done
}

TEST(CryptoRandomSource, RefreshTokens_Are43UrlSafeCharactersAndNeverRepeat) {
  OpenSslRandomSource random;
  std::set<std::string> tokens;
  for (int i = 0; i < 10'000; ++i) {
    const auto token = generate_refresh_token(random);
    ASSERT_EQ(token.size(), kRefreshTokenLength);
    ASSERT_EQ(
        token.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"),
        std::string::npos)
        << token;
    tokens.insert(token);
  }
  EXPECT_EQ(tokens.size(), 10'000U);
}

TEST(CryptoRandomSource, ResetCodes_UseTheWholeAlphabetAboutEvenly) {
  OpenSslRandomSource random;
  constexpr int kCodes = 20'000;  // 160,000 symbols, 5,000 expected of each
  std::map<char, int> counts;
  for (int i = 0; i < kCodes; ++i) {
    const auto code = generate_reset_code(random);
    ASSERT_EQ(code.size(), kResetCodeLength);
    for (const char c : code) ++counts[c];
  }
  ASSERT_EQ(counts.size(), kResetCodeAlphabet.size());
  double chi_square = 0;
  for (const auto& [symbol, count] : counts) {
    EXPECT_NE(kResetCodeAlphabet.find(symbol), std::string_view::npos) << symbol;
    const double deviation = count - 5000.0;
    chi_square += deviation * deviation / 5000.0;
  }
  // 31 degrees of freedom: a uniform source exceeds 70 with probability below 0.0001.
  EXPECT_LT(chi_square, 70.0);
}

}  // namespace
}  // namespace artshop::crypto
