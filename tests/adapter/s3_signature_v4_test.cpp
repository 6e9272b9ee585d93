// Signature Version 4 checked step by step against the worked examples of AWS's S3 API
// reference ("Signature Calculations for the Authorization Header: Transferring Payload in a
// Single Chunk"), whose credentials, bucket and time are these.

#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "artshop/s3/signature_v4.hpp"

namespace artshop::s3 {
namespace {

const Credentials kExample{.access_key_id = "AKIAIOSFODNN7EXAMPLE",
                           .secret_access_key = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"};
constexpr std::string_view kRegion = "us-east-1";
constexpr std::string_view kDate = "20130524T000000Z";
constexpr std::string_view kHost = "examplebucket.s3.amazonaws.com";
constexpr std::string_view kEmptyHash =
    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

// GET /test.txt with "Range: bytes=0-9".
SignedRequest get_object_example() {
  return {.method = "GET",
          .canonical_uri = "/test.txt",
          .canonical_query = "",
          .headers = {{"Host", std::string(kHost)},
                      {"Range", "bytes=0-9"},
                      {"x-amz-content-sha256", std::string(kEmptyHash)},
                      {"x-amz-date", std::string(kDate)}},
          .payload_hash = std::string(kEmptyHash)};
}

// PUT /test$file.text of "Welcome to Amazon S3." with a Date and a storage class.
SignedRequest put_object_example() {
  const std::string body_hash = "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072";
  return {.method = "PUT",
          .canonical_uri = uri_encode_path("/test$file.text"),
          .canonical_query = "",
          .headers = {{"Date", "Fri, 24 May 2013 00:00:00 GMT"},
                      {"Host", std::string(kHost)},
                      {"x-amz-date", std::string(kDate)},
                      {"x-amz-storage-class", "REDUCED_REDUNDANCY"},
                      {"x-amz-content-sha256", body_hash}},
          .payload_hash = body_hash};
}

TEST(S3SignatureV4, TheGetObjectExampleHasTheDocumentedCanonicalRequest) {
  EXPECT_EQ(canonical_request(get_object_example()),
            "GET\n"
            "/test.txt\n"
            "\n"
            "host:examplebucket.s3.amazonaws.com\n"
            "range:bytes=0-9\n"
            "x-amz-content-sha256:"
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\n"
            "x-amz-date:20130524T000000Z\n"
            "\n"
            "host;range;x-amz-content-sha256;x-amz-date\n"
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST(S3SignatureV4, TheGetObjectExampleHasTheDocumentedStringToSign) {
  EXPECT_EQ(string_to_sign(kDate, kRegion, canonical_request(get_object_example())),
            "AWS4-HMAC-SHA256\n"
            "20130524T000000Z\n"
            "20130524/us-east-1/s3/aws4_request\n"
            "7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972");
}

TEST(S3SignatureV4, TheGetObjectExampleHasTheDocumentedSignatureAndAuthorization) {
  const auto to_sign = string_to_sign(kDate, kRegion, canonical_request(get_object_example()));
  EXPECT_EQ(signature(kExample.secret_access_key, kDate, kRegion, to_sign),
            "f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41");
  EXPECT_EQ(authorization(kExample, kRegion, kDate, get_object_example()),
            "AWS4-HMAC-SHA256 "
            "Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,"
            "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,"
            "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41");
}

TEST(S3SignatureV4, ThePutObjectExampleSortsItsHeadersAndHasTheDocumentedSignature) {
  const SignedRequest request = put_object_example();
  EXPECT_EQ(request.canonical_uri, "/test%24file.text");
  EXPECT_EQ(signed_header_names(request),
            "date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class");
  EXPECT_EQ(authorization(kExample, kRegion, kDate, request),
            "AWS4-HMAC-SHA256 "
            "Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,"
            "SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,"
            "Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd");
}

TEST(S3SignatureV4, TheSigningKeyDependsOnTheDayNotTheTimeOfDay) {
  EXPECT_EQ(signing_key_hex(kExample.secret_access_key, "20130524T000000Z", kRegion),
            signing_key_hex(kExample.secret_access_key, "20130524T235959Z", kRegion));
  EXPECT_NE(signing_key_hex(kExample.secret_access_key, "20130524T000000Z", kRegion),
            signing_key_hex(kExample.secret_access_key, "20130525T000000Z", kRegion));
  EXPECT_NE(signing_key_hex(kExample.secret_access_key, "20130524T000000Z", kRegion),
            signing_key_hex(kExample.secret_access_key, "20130524T000000Z", "eu-west-1"));
}

TEST(S3SignatureV4, HeaderValuesAreTrimmedAndTheirInnerSpacesSqueezed) {
  SignedRequest request = get_object_example();
  request.headers[1].second = "  bytes=0-9 ";
  EXPECT_EQ(authorization(kExample, kRegion, kDate, request),
            authorization(kExample, kRegion, kDate, get_object_example()));
  request.headers[1].second = "a   b";
  EXPECT_NE(canonical_request(request).find("\nrange:a b\n"), std::string::npos);
}

TEST(S3SignatureV4, TheDateIsUtcInTheCompactForm) {
  using namespace std::chrono;
  const sys_seconds time = sys_days{year{2013} / May / 24} + hours{13} + minutes{5} + seconds{9};
  EXPECT_EQ(amz_date(time), "20130524T130509Z");
}

TEST(S3SignatureV4, PathsKeepTheirSlashesAndUnreservedCharactersAndEncodeTheRest) {
  EXPECT_EQ(uri_encode_path("/bucket/media/3f/a9-c_2.~e1.webp"),
            "/bucket/media/3f/a9-c_2.~e1.webp");
  EXPECT_EQ(uri_encode_path("/a b+c=d&\xC3\xA9"), "/a%20b%2Bc%3Dd%26%C3%A9");
}

}  // namespace
}  // namespace artshop::s3
