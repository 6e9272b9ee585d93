#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "artshop/payments/webhook_signature.hpp"

namespace artshop::payments {
namespace {

using namespace std::chrono_literals;

constexpr std::string_view kSecret = "whsec_test_secret";
constexpr std::string_view kBody = R"({"id":"evt_1"})";
const std::chrono::sys_seconds kSignedAt{1'700'000'000s};
// HMAC-SHA256(kSecret, "1700000000." + kBody), computed with `openssl dgst -sha256 -hmac`.
constexpr std::string_view kKnownSignature =
    "248a374f50f943a28b0f6ab50faf9a7e7e29b710fa26df9fb1618b9bf8ea9c9a";

std::string with_timestamp(std::string_view rest) {
  return "t=" + std::to_string(kSignedAt.time_since_epoch().count()) + std::string(rest);
}

TEST(WebhookSignature, Sign_MatchesAnIndependentHmacSha256) {
  EXPECT_EQ(sign_webhook(kSecret, kBody, kSignedAt),
            with_timestamp(",v1=" + std::string(kKnownSignature)));
}

TEST(WebhookSignature, Verify_AcceptsWhatSignWrote) {
  const std::string header = sign_webhook(kSecret, kBody, kSignedAt);
  EXPECT_TRUE(verify_webhook_signature(kSecret, kBody, header, kSignedAt));
  EXPECT_TRUE(verify_webhook_signature(kSecret, kBody, header, kSignedAt + 12s));
}

TEST(WebhookSignature, Verify_RefusesATamperedBody) {
  const std::string header = sign_webhook(kSecret, kBody, kSignedAt);
  EXPECT_FALSE(verify_webhook_signature(kSecret, R"({"id":"evt_2"})", header, kSignedAt));
  EXPECT_FALSE(verify_webhook_signature(kSecret, std::string(kBody) + " ", header, kSignedAt));
}

TEST(WebhookSignature, Verify_RefusesAnotherSecret) {
  const std::string header = sign_webhook("whsec_another_secret", kBody, kSignedAt);
  EXPECT_FALSE(verify_webhook_signature(kSecret, kBody, header, kSignedAt));
}

TEST(WebhookSignature, Verify_RefusesAnEmptySecretEvenWhenTheMacMatches) {
  const std::string header = sign_webhook("", kBody, kSignedAt);
  EXPECT_FALSE(verify_webhook_signature("", kBody, header, kSignedAt));
}

TEST(WebhookSignature, Verify_AcceptsUpToTheToleranceEitherWay) {
  const std::string header = sign_webhook(kSecret, kBody, kSignedAt);
  EXPECT_TRUE(verify_webhook_signature(kSecret, kBody, header, kSignedAt + 300s));
  EXPECT_TRUE(verify_webhook_signature(kSecret, kBody, header, kSignedAt - 300s));
}

TEST(WebhookSignature, Verify_RefusesOutsideTheToleranceEitherWay) {
  const std::string header = sign_webhook(kSecret, kBody, kSignedAt);
  EXPECT_FALSE(verify_webhook_signature(kSecret, kBody, header, kSignedAt + 301s));
  EXPECT_FALSE(verify_webhook_signature(kSecret, kBody, header, kSignedAt - 301s));
  EXPECT_FALSE(verify_webhook_signature(kSecret, kBody, header, kSignedAt + 60s, 30s));
}

TEST(WebhookSignature, Verify_AcceptsWhenAnyOfSeveralV1SignaturesMatches) {
  const std::string wrong(64, 'a');
  const std::string right(kKnownSignature);
  EXPECT_TRUE(verify_webhook_signature(kSecret, kBody,
                                       with_timestamp(",v1=" + wrong + ",v1=" + right), kSignedAt));
  EXPECT_TRUE(verify_webhook_signature(
      kSecret, kBody, with_timestamp(",v1=" + right + ",v0=" + wrong + ",v1=" + wrong), kSignedAt));
  EXPECT_FALSE(verify_webhook_signature(
      kSecret, kBody, with_timestamp(",v1=" + wrong + ",v1=" + wrong), kSignedAt));
}

TEST(WebhookSignature, Verify_RefusesMalformedHeaders) {
  const std::string right(kKnownSignature);
  for (const std::string& header : {
           std::string(), std::string("garbage"),
           "v1=" + right,                                     // no timestamp
           with_timestamp(""),                                // no signature
           with_timestamp(",v0=" + right),                    // only another scheme
           "t=abc,v1=" + right,                               // timestamp not a number
           "t=-1700000000,v1=" + right,                       // negative timestamp
           "t=99999999999999999999,v1=" + right,              // timestamp out of range
           with_timestamp(",v1=" + right + ",t=1700000000"),  // two timestamps
           with_timestamp(",v1=" + right + ",junk"),          // an element without '='
           with_timestamp(",v1=" + right.substr(0, 63)),      // truncated signature
           with_timestamp(",v1=" + right + "00"),             // lengthened signature
           with_timestamp(", v1=" + right),                   // a space is not ours to forgive
       }) {
    EXPECT_FALSE(verify_webhook_signature(kSecret, kBody, header, kSignedAt)) << header;
  }
}

}  // namespace
}  // namespace artshop::payments
