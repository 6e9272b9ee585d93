#include <gtest/gtest.h>

#include <array>
#include <stdexcept>
#include <string>
#include <vector>

#include "artshop/core/staff/totp.hpp"

namespace artshop {
namespace {

using std::chrono::seconds;
using std::chrono::sys_seconds;

// The HMAC-SHA-1 values RFC 4226 publishes (appendix D) for the secret "12345678901234567890"
// and counters 0 to 9: core's truncation is checked against the RFC's own intermediate
// values, without a hash function of its own.
constexpr std::array<std::string_view, 10> kRfc4226Macs{
    "cc93cf18508d94934c64b65d8ba7667fb7cde4b0", "75a48a19d4cbe100644e8ac1397eea747a2d33ab",
    "0bacb7fa082fef30782211938bc1c5e70416ff44", "66c28227d03a2d5529262ff016a1e6ef76557ece",
    "a904c900a64b35909874b33e61c5938a8e15ed1c", "a37e783d7b7233c083d4f62926c7a25f238d0316",
    "bc9cd28561042c83f219324d3c607256c03272ae", "a4fb960c0bc06e1eabb804e5b397cdc4b45596fa",
    "1b3c89f65e6c9e883012052823443f048b4332db", "1637409809a679dc698207310c8c7fc07290d9e5"};
constexpr std::array<std::string_view, 10> kRfc4226Codes{"755224", "287082", "359152", "969429",
                                                         "338314", "254676", "287922", "162583",
                                                         "399871", "520489"};

class PublishedMacs final : public MessageAuthenticator {
 public:
  std::vector<std::byte> mac(MacAlgorithm /*algorithm*/, std::span<const std::byte> /*key*/,
                             std::span<const std::byte> message) const override {
    std::uint64_t counter = 0;
    for (const auto byte : message)
      counter = (counter << 8U) | std::to_integer<std::uint64_t>(byte);
    const auto hex = std::string(kRfc4226Macs.at(counter));
    std::vector<std::byte> out;
    for (std::size_t i = 0; i < hex.size(); i += 2) {
      out.push_back(static_cast<std::byte>(std::stoul(hex.substr(i, 2), nullptr, 16)));
    }
    return out;
  }
};

const PublishedMacs kMacs;
const std::vector<std::byte> kSecret(20, std::byte{'1'});  // unused by PublishedMacs

sys_seconds at(long long unix_seconds) {
  return sys_seconds{seconds(unix_seconds)};
}

// The code of step `step` at the middle of that step.
sys_seconds during_step(int step) {
  return at(step * 30LL + 15);
}

TEST(Hotp, Codes_MatchRfc4226AppendixD) {
  for (std::uint64_t counter = 0; counter < kRfc4226Codes.size(); ++counter) {
    EXPECT_EQ(hotp_code(kMacs, kSecret, counter, MacAlgorithm::Sha1, 6), kRfc4226Codes[counter])
        << "counter " << counter;
  }
}

TEST(Hotp, Digits_OutsideSixToEight_AreRefused) {
  EXPECT_THROW(hotp_code(kMacs, kSecret, 0, MacAlgorithm::Sha1, 5), std::invalid_argument);
  EXPECT_THROW(hotp_code(kMacs, kSecret, 0, MacAlgorithm::Sha1, 9), std::invalid_argument);
}

TEST(Totp, StepAt_CountsWholePeriodsSinceTheEpoch) {
  EXPECT_EQ(totp_step_at(at(0), seconds(30)), 0U);
  EXPECT_EQ(totp_step_at(at(29), seconds(30)), 0U);
  EXPECT_EQ(totp_step_at(at(30), seconds(30)), 1U);
  EXPECT_EQ(totp_step_at(at(59), seconds(30)), 1U);
  EXPECT_EQ(totp_step_at(at(-5), seconds(30)), 0U);
}

TEST(Totp, TheCurrentCode_IsAcceptedAndNamesItsStep) {
  const auto matched = match_totp(kMacs, kSecret, kRfc4226Codes[4], during_step(4), std::nullopt);
  ASSERT_TRUE(matched.has_value());
  EXPECT_EQ(*matched, 4U);
}

TEST(Totp, TheCodesOfTheStepsEitherSide_AreAcceptedAndNoFurther) {
  EXPECT_EQ(match_totp(kMacs, kSecret, kRfc4226Codes[3], during_step(4), std::nullopt), 3U);
  EXPECT_EQ(match_totp(kMacs, kSecret, kRfc4226Codes[5], during_step(4), std::nullopt), 5U);
  EXPECT_EQ(match_totp(kMacs, kSecret, kRfc4226Codes[2], during_step(4), std::nullopt),
            std::unexpected(TotpRefusal::NoMatch));
  EXPECT_EQ(match_totp(kMacs, kSecret, kRfc4226Codes[6], during_step(4), std::nullopt),
            std::unexpected(TotpRefusal::NoMatch));
}

TEST(Totp, ACodeAlreadyAccepted_IsRefusedAsUsedAndSoIsAnOlderOne) {
  const auto first = match_totp(kMacs, kSecret, kRfc4226Codes[4], during_step(4), std::nullopt);
  ASSERT_EQ(first, 4U);
  // The same code again, in the same step: without the last step it would pass.
  EXPECT_EQ(match_totp(kMacs, kSecret, kRfc4226Codes[4], during_step(4), *first),
            std::unexpected(TotpRefusal::AlreadyUsed));
  // The previous step's code, still within the tolerance, is older than the one used.
  EXPECT_EQ(match_totp(kMacs, kSecret, kRfc4226Codes[3], during_step(4), *first),
            std::unexpected(TotpRefusal::AlreadyUsed));
  // The next step's code is new.
  EXPECT_EQ(match_totp(kMacs, kSecret, kRfc4226Codes[5], during_step(4), *first), 5U);
}

TEST(Totp, SpacesBetweenDigits_AreIgnoredAndAnythingElseIsMalformed) {
  EXPECT_EQ(match_totp(kMacs, kSecret, "338 314", during_step(4), std::nullopt), 4U);
  for (const auto typed : {"", "33831", "3383144", "338-314", "33831a", "３３８３１４"}) {
    EXPECT_EQ(match_totp(kMacs, kSecret, typed, during_step(4), std::nullopt),
              std::unexpected(TotpRefusal::Malformed))
        << typed;
  }
}

TEST(Totp, ACodeOfAnotherSecret_IsNoMatch) {
  EXPECT_EQ(match_totp(kMacs, kSecret, "000000", during_step(4), std::nullopt),
            std::unexpected(TotpRefusal::NoMatch));
}

TEST(Totp, SetUpLink_CarriesTheSecretInBase32AndEscapesTheLabel) {
  const std::string secret = "12345678901234567890";
  EXPECT_EQ(otpauth_uri("Art Shop", "anna+staff@example.com",
                        std::as_bytes(std::span(secret.data(), secret.size()))),
            "otpauth://totp/Art%20Shop:anna%2Bstaff%40example.com"
            "?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Art%20Shop&algorithm=SHA1"
            "&digits=6&period=30");
}

}  // namespace
}  // namespace artshop
