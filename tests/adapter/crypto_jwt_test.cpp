#include <gtest/gtest.h>

#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <string>
#include <vector>

#include "artshop/core/accounts/random_tokens.hpp"
#include "artshop/core/codec/base64.hpp"
#include "artshop/crypto/digests.hpp"
#include "artshop/crypto/hmac_jwt_codec.hpp"
#include "artshop/crypto/openssl_random_source.hpp"

namespace artshop::crypto {
namespace {

using namespace std::chrono_literals;
using std::chrono::sys_seconds;
namespace json = boost::json;

JwtKey key_named(std::string kid, std::uint8_t fill) {
  return {.kid = std::move(kid), .secret = std::vector<std::byte>(32, std::byte{fill})};
}

const sys_seconds kIssued{std::chrono::seconds{1'750'000'000}};
const AccessTokenClaims kClaims{.subject = UserId{42},
                                .issued_at = kIssued,
                                .expires_at = kIssued + kAccessTokenLifetime,
                                .session = "family-1"};

// Builds tokens the way an attacker would: any header, any claims, any key.
std::string forge(const json::object& header, const json::object& claims, const JwtKey& key) {
  const auto input =
      base64url::encode(json::serialize(header)) + "." + base64url::encode(json::serialize(claims));
  return input + "." + base64url::encode(hmac_sha256(key.secret, input));
}

json::object header_with(std::string_view alg, std::string_view kid = "k1") {
  return {{"alg", alg}, {"typ", "JWT"}, {"kid", kid}};
}

json::object claims_without(std::string_view omitted, std::string_view token_use = "access") {
  json::object claims{{"sub", "42"},
                      {"iat", kIssued.time_since_epoch().count()},
                      {"exp", (kIssued + kAccessTokenLifetime).time_since_epoch().count()},
                      {"iss", "artshop"},
                      {"aud", "artshop-api"},
                      {"token_use", token_use}};
  claims.erase(omitted);
  return claims;
}

class JwtCodec : public ::testing::Test {
 protected:
  JwtKey key = key_named("k1", 0x11);
  HmacJwtAccessTokenCodec codec{JwtKeyring(key), JwtSettings{}};

  std::expected<AccessTokenClaims, TokenError> verify(std::string_view token,
                                                      sys_seconds now = kIssued + 1min) const {
    return codec.verify(token, now);
  }
};

TEST_F(JwtCodec, IssueThenVerify_RoundTripsTheClaims) {
  const auto token = codec.issue(kClaims);
  const auto claims = verify(token);
  ASSERT_TRUE(claims) << describe(claims.error());
  EXPECT_EQ(*claims, kClaims);
}

TEST_F(JwtCodec, Issue_WritesPinnedHeaderAndStandardClaims) {
  const auto token = codec.issue(kClaims);
  const auto first_dot = token.find('.');
  const auto second_dot = token.find('.', first_dot + 1);
  const auto header = base64url::decode(token.substr(0, first_dot));
  const auto claims = base64url::decode(token.substr(first_dot + 1, second_dot - first_dot - 1));
  ASSERT_TRUE(header && claims);
  EXPECT_EQ(*header, R"({"alg":"HS256","typ":"JWT","kid":"k1"})");
  EXPECT_EQ(*claims, R"({"sub":"42","iat":1750000000,"exp":1750000900,"iss":"artshop",)"
                     R"("aud":"artshop-api","token_use":"access","sid":"family-1"})");
}

TEST_F(JwtCodec, Verify_WithoutSessionClaim_AnswersEmptySession) {
  auto claims = kClaims;
  claims.session.clear();
  EXPECT_EQ(verify(codec.issue(claims))->session, "");
}

TEST_F(JwtCodec, Verify_AtOrAfterExpiry_RejectsAsExpired) {
  const auto token = codec.issue(kClaims);
  EXPECT_TRUE(verify(token, kClaims.expires_at - 1s));
  EXPECT_EQ(verify(token, kClaims.expires_at).error(), TokenError::Expired);
  EXPECT_EQ(verify(token, kClaims.expires_at + 1h).error(), TokenError::Expired);
}

TEST_F(JwtCodec, Verify_WithAlgNone_RejectsAsUnsupportedAlgorithm) {
  const auto unsigned_token = base64url::encode(json::serialize(header_with("none"))) + "." +
                              base64url::encode(json::serialize(claims_without(""))) + ".";
  EXPECT_EQ(verify(unsigned_token).error(), TokenError::UnsupportedAlgorithm);
  for (const char* spelling : {"None", "NONE", "hs256", ""}) {
    EXPECT_EQ(verify(forge(header_with(spelling), claims_without(""), key)).error(),
              TokenError::UnsupportedAlgorithm)
        << spelling;
  }
}

TEST_F(JwtCodec, Verify_WithAlgHs512_RejectsEvenWhenSignedWithTheRightKey) {
  EXPECT_EQ(verify(forge(header_with("HS512"), claims_without(""), key)).error(),
            TokenError::UnsupportedAlgorithm);
  EXPECT_EQ(verify(forge(header_with("RS256"), claims_without(""), key)).error(),
            TokenError::UnsupportedAlgorithm);
}

TEST_F(JwtCodec, Verify_WithUnknownKid_Rejects) {
  const auto stranger = key_named("k9", 0x11);  // same secret, but a name we never issued
  EXPECT_EQ(verify(forge(header_with("HS256", "k9"), claims_without(""), stranger)).error(),
            TokenError::UnknownKey);
  const json::object no_kid{{"alg", "HS256"}, {"typ", "JWT"}};
  EXPECT_EQ(verify(forge(no_kid, claims_without(""), key)).error(), TokenError::UnknownKey);
}

TEST_F(JwtCodec, Verify_SignedWithAnotherSecret_RejectsAsBadSignature) {
  EXPECT_EQ(verify(forge(header_with("HS256"), claims_without(""), key_named("k1", 0x22))).error(),
            TokenError::BadSignature);
}

TEST_F(JwtCodec, Verify_WithTamperedPayload_RejectsAsBadSignature) {
  const auto token = codec.issue(kClaims);
  const auto first_dot = token.find('.');
  const auto second_dot = token.find('.', first_dot + 1);
  auto other = kClaims;
  other.subject = UserId{1};  // become the administrator's account
  const auto other_token = codec.issue(other);
  const auto other_payload = other_token.substr(other_token.find('.') + 1,
                                                other_token.rfind('.') - other_token.find('.') - 1);
  const auto tampered = token.substr(0, first_dot + 1) + other_payload + token.substr(second_dot);
  EXPECT_EQ(verify(tampered).error(), TokenError::BadSignature);
}

TEST_F(JwtCodec, Verify_WithTamperedSignature_RejectsAsBadSignature) {
  const auto token = codec.issue(kClaims);
  auto flipped = token;
  flipped[flipped.size() - 3] = flipped[flipped.size() - 3] == 'A' ? 'B' : 'A';
  EXPECT_EQ(verify(flipped).error(), TokenError::BadSignature);
  EXPECT_EQ(verify(token.substr(0, token.size() - 4)).error(), TokenError::BadSignature);
  EXPECT_EQ(verify(token.substr(0, token.rfind('.') + 1)).error(), TokenError::BadSignature);
}

TEST_F(JwtCodec, Verify_WithWrongIssuerOrAudience_Rejects) {
  auto claims = claims_without("iss");
  claims["iss"] = "someone-else";
  EXPECT_EQ(verify(forge(header_with("HS256"), claims, key)).error(), TokenError::WrongIssuer);
  claims = claims_without("aud");
  claims["aud"] = "another-api";
  EXPECT_EQ(verify(forge(header_with("HS256"), claims, key)).error(), TokenError::WrongAudience);

  // The same key under other settings: a token of the other service is refused.
  const HmacJwtAccessTokenCodec other_service(JwtKeyring(key),
                                              {.issuer = "artshop", .audience = "admin"});
  EXPECT_EQ(other_service.verify(codec.issue(kClaims), kIssued).error(), TokenError::WrongAudience);
}

TEST_F(JwtCodec, Verify_WithAnyRequiredClaimMissing_Rejects) {
  for (const char* claim : {"sub", "iat", "exp", "iss", "aud"}) {
    EXPECT_EQ(verify(forge(header_with("HS256"), claims_without(claim), key)).error(),
              TokenError::MissingClaim)
        << claim;
  }
}

TEST_F(JwtCodec, Verify_WithClaimsOfWrongTypeOrShape_Rejects) {
  auto claims = claims_without("exp");
  claims["exp"] = "1750000900";  // a string where a number belongs
  EXPECT_EQ(verify(forge(header_with("HS256"), claims, key)).error(), TokenError::MissingClaim);
  for (const char* subject : {"", "0", "042", "-1", "42a", "99999999999999999999"}) {
    claims = claims_without("sub");
    claims["sub"] = subject;
    EXPECT_EQ(verify(forge(header_with("HS256"), claims, key)).error(), TokenError::MissingClaim)
        << subject;
  }
  claims = claims_without("");
  claims["sid"] = 7;
  EXPECT_EQ(verify(forge(header_with("HS256"), claims, key)).error(), TokenError::Malformed);
}

TEST_F(JwtCodec, Verify_RefreshTokenGivenAsAccessToken_Rejects) {
  // The opaque refresh token is no JWT at all...
  OpenSslRandomSource random;
  EXPECT_EQ(verify(generate_refresh_token(random)).error(), TokenError::Malformed);
  // ...and a well-signed token marked for any other use is not an access token.
  EXPECT_EQ(verify(forge(header_with("HS256"), claims_without("", "refresh"), key)).error(),
            TokenError::WrongTokenType);
  EXPECT_EQ(verify(forge(header_with("HS256"), claims_without("token_use"), key)).error(),
            TokenError::WrongTokenType);
  const json::object other_type{{"alg", "HS256"}, {"typ", "refresh+jwt"}, {"kid", "k1"}};
  EXPECT_EQ(verify(forge(other_type, claims_without(""), key)).error(), TokenError::WrongTokenType);
}

TEST_F(JwtCodec, Verify_WithWrongSegmentCount_RejectsAsMalformed) {
  const auto token = codec.issue(kClaims);
  EXPECT_EQ(verify("").error(), TokenError::Malformed);
  EXPECT_EQ(verify("abc").error(), TokenError::Malformed);
  EXPECT_EQ(verify(token.substr(0, token.rfind('.'))).error(), TokenError::Malformed);
  EXPECT_EQ(verify(token + ".extra").error(), TokenError::Malformed);
}

TEST_F(JwtCodec, Verify_WithBadBase64OrJson_RejectsAsMalformed) {
  const auto token = codec.issue(kClaims);
  const auto rest = token.substr(token.find('.'));
  EXPECT_EQ(verify("eyJ!bad" + rest).error(), TokenError::Malformed);
  EXPECT_EQ(verify(base64url::encode(std::string_view("not json")) + rest).error(),
            TokenError::Malformed);
  EXPECT_EQ(verify(base64url::encode(std::string_view(R"(["alg","HS256"])")) + rest).error(),
            TokenError::Malformed);
  EXPECT_EQ(verify(base64url::encode(std::string_view("{\"alg\":\"HS256\xFF\"}")) + rest).error(),
            TokenError::Malformed);
  // Standard base64 with padding is not base64url.
  EXPECT_EQ(verify(token + "=").error(), TokenError::BadSignature);
}

TEST_F(JwtCodec, Verify_WithDuplicateHeaderParameter_ReadsTheLastAsRfc7515Allows) {
  const auto token = codec.issue(kClaims);
  const auto rest = token.substr(token.find('.'));
  EXPECT_EQ(
      verify(base64url::encode(std::string_view(R"({"alg":"HS256","alg":"none"})")) + rest).error(),
      TokenError::UnsupportedAlgorithm);
}

TEST_F(JwtCodec, Verify_WithUnknownHeaderParameter_RejectsAsMalformed) {
  auto header = header_with("HS256");
  header["jku"] = "https://attacker.example/keys";
  EXPECT_EQ(verify(forge(header, claims_without(""), key)).error(), TokenError::Malformed);
}

TEST_F(JwtCodec, Verify_WithOverlongToken_RejectsUnread) {
  EXPECT_EQ(verify(std::string(HmacJwtAccessTokenCodec::kMaxTokenLength + 1, 'a')).error(),
            TokenError::Malformed);
}

TEST(JwtKeyRotation, TokensOfTheOldKey_VerifyWhileNewTokensUseTheNewKey) {
  const auto old_key = key_named("old", 0x01);
  const auto new_key = key_named("new", 0x02);
  const HmacJwtAccessTokenCodec before(JwtKeyring(old_key), {});
  const HmacJwtAccessTokenCodec after(JwtKeyring(new_key, {old_key}), {});

  const auto old_token = before.issue(kClaims);
  EXPECT_TRUE(after.verify(old_token, kIssued));
  const auto new_token = after.issue(kClaims);
  const auto header =
      json::parse(*base64url::decode(new_token.substr(0, new_token.find('.')))).as_object();
  EXPECT_EQ(header.at("kid").as_string(), "new");
  EXPECT_TRUE(after.verify(new_token, kIssued));
  EXPECT_EQ(before.verify(new_token, kIssued).error(), TokenError::UnknownKey);
}

TEST(JwtKeyRotation, Keyring_RejectsShortSecretsBadKidsAndDuplicates) {
  EXPECT_THROW(JwtKeyring({.kid = "k", .secret = std::vector<std::byte>(31)}),
               std::invalid_argument);
  EXPECT_THROW(JwtKeyring(key_named("", 1)), std::invalid_argument);
  EXPECT_THROW(JwtKeyring(key_named("a\"b", 1)), std::invalid_argument);
  EXPECT_THROW(JwtKeyring(key_named(std::string(65, 'k'), 1)), std::invalid_argument);
  EXPECT_THROW(JwtKeyring(key_named("k", 1), {key_named("k", 2)}), std::invalid_argument);
  EXPECT_NO_THROW(JwtKeyring(key_named("2024-06.a_b", 1), {key_named("k", 2)}));
}

}  // namespace
}  // namespace artshop::crypto
