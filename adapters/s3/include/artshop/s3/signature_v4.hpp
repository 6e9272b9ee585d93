#pragma once

#include <chrono>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

// AWS Signature Version 4 for S3 requests signed in the Authorization header, as pure
// functions of the request, the time and the secret: nothing here reads a clock or sends
// anything, so each step can be checked against AWS's published examples.
namespace artshop::s3 {

struct Credentials {
  std::string access_key_id;
  std::string secret_access_key;
  // Temporary credentials (an assumed role, an instance profile) come with a token that goes
  // with every request as x-amz-security-token, a signed header; empty for long-term keys.
  std::string session_token{};
};

// What is signed of one request.
struct SignedRequest {
  std::string method;  // "GET", "PUT", "HEAD"
  // The absolute path, already URI-encoded as it is sent ("/bucket/test%24file.text").
  std::string canonical_uri;
  // Sorted "name=value" pairs joined by '&', URI-encoded; empty without a query.
  std::string canonical_query;
  // Every header to sign, host, x-amz-date and x-amz-content-sha256 included; names in any
  // case, values as sent.
  std::vector<std::pair<std::string, std::string>> headers;
  // Lower-case hex SHA-256 of the body (of "" for none).
  std::string payload_hash;
};

// "20130524T000000Z": the x-amz-date of `time`, in UTC.
std::string amz_date(std::chrono::system_clock::time_point time);

// RFC 3986 percent-encoding as S3 wants it in a path: every byte but A-Z a-z 0-9 - . _ ~ and
// '/' becomes %XX with upper-case hex.
std::string uri_encode_path(std::string_view path);

// "host;range;x-amz-content-sha256;x-amz-date": the header names, lower-case and sorted.
std::string signed_header_names(const SignedRequest& request);

// The method, URI, query, "name:value" header lines (lower-case names, sorted, values
// trimmed), a blank line, the signed header names and the payload hash, '\n'-separated.
std::string canonical_request(const SignedRequest& request);

// "20130524/us-east-1/s3/aws4_request" for amz_date "20130524T000000Z".
std::string credential_scope(std::string_view amz_date, std::string_view region);

// "AWS4-HMAC-SHA256", the date, the scope and the hex SHA-256 of the canonical request.
std::string string_to_sign(std::string_view amz_date, std::string_view region,
                           std::string_view canonical_request);

// HMAC-SHA256 chained over "AWS4" + secret, the day, the region, "s3" and "aws4_request";
// as lower-case hex.
std::string signing_key_hex(std::string_view secret_access_key, std::string_view amz_date,
                            std::string_view region);

// The lower-case hex HMAC-SHA256 of the string to sign under the signing key.
std::string signature(std::string_view secret_access_key, std::string_view amz_date,
                      std::string_view region, std::string_view string_to_sign);

// "AWS4-HMAC-SHA256 Credential=<id>/<scope>,SignedHeaders=<names>,Signature=<hex>".
std::string authorization(const Credentials& credentials, std::string_view region,
                          std::string_view amz_date, const SignedRequest& request);

}  // namespace artshop::s3
