#include <gtest/gtest.h>

#include <array>
#include <string>

#include "artshop/core/staff/totp.hpp"
#include "artshop/crypto/openssl_message_authenticator.hpp"

namespace artshop::crypto {
namespace {

using std::chrono::seconds;
using std::chrono::sys_seconds;

struct Rfc6238Vector {
  long long unix_time;
  MacAlgorithm algorithm;
  std::string_view code;
};

// RFC 6238 appendix B: eight-digit codes for its three seeds at six times.
constexpr std::array<Rfc6238Vector, 18> kVectors{{
    {59, MacAlgorithm::Sha1, "94287082"},
    {59, MacAlgorithm::Sha256, "46119246"},
    {59, MacAlgorithm::Sha512, "90693936"},
    {1111111109, MacAlgorithm::Sha1, "07081804"},
    {1111111109, MacAlgorithm::Sha256, "68084774"},
    {1111111109, MacAlgorithm::Sha512, "25091201"},
    {1111111111, MacAlgorithm::Sha1, "14050471"},
    {1111111111, MacAlgorithm::Sha256, "67062674"},
    {1111111111, MacAlgorithm::Sha512, "99943326"},
    {1234567890, MacAlgorithm::Sha1, "89005924"},
    {1234567890, MacAlgorithm::Sha256, "91819424"},
    {1234567890, MacAlgorithm::Sha512, "93441116"},
    {2000000000, MacAlgorithm::Sha1, "69279037"},
    {2000000000, MacAlgorithm::Sha256, "90698825"},
    {2000000000, MacAlgorithm::Sha512, "38618901"},
    {20000000000, MacAlgorithm::Sha1, "65353130"},
    {20000000000, MacAlgorithm::Sha256, "77737706"},
    {20000000000, MacAlgorithm::Sha512, "47863826"},
}};

// The RFC's seeds: "1234567890" repeated to the hash's length.
std::string seed_for(MacAlgorithm algorithm) {
  const std::size_t length = algorithm == MacAlgorithm::Sha1     ? 20
                             : algorithm == MacAlgorithm::Sha256 ? 32
                                                                 : 64;
  std::string seed;
  while (seed.size() < length) seed += "1234567890";
  seed.resize(length);
  return seed;
}

TEST(TotpWithOpenssl, Codes_MatchEveryVectorOfRfc6238AppendixB) {
  const OpensslMessageAuthenticator authenticator;
  for (const auto& vector : kVectors) {
    const auto seed = seed_for(vector.algorithm);
    const TotpSettings settings{.algorithm = vector.algorithm, .digits = 8};
    EXPECT_EQ(totp_code(authenticator, std::as_bytes(std::span(seed.data(), seed.size())),
                        sys_seconds{seconds(vector.unix_time)}, settings),
              vector.code)
        << "time " << vector.unix_time;
  }
}

TEST(TotpWithOpenssl, AnAcceptedCode_IsRefusedTheSecondTime) {
  const OpensslMessageAuthenticator authenticator;
  const auto seed = seed_for(MacAlgorithm::Sha1);
  const auto secret = std::as_bytes(std::span(seed.data(), seed.size()));
  const sys_seconds now{seconds(1111111111)};
  const auto code = totp_code(authenticator, secret, now);
  const auto first = match_totp(authenticator, secret, code, now, std::nullopt);
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(match_totp(authenticator, secret, code, now, *first),
            std::unexpected(TotpRefusal::AlreadyUsed));
}

}  // namespace
}  // namespace artshop::crypto
