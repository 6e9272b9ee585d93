#include "artshop/s3/signature_v4.hpp"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <algorithm>
#include <span>

#include "artshop/crypto/digests.hpp"
#include "artshop/crypto/hex.hpp"

namespace artshop::s3 {
namespace {

constexpr std::string_view kAlgorithm = "AWS4-HMAC-SHA256";
constexpr std::string_view kService = "s3";
constexpr std::size_t kDayLength = 8;  // "20130524" of "20130524T000000Z"

std::string lower(std::string_view text) {
  std::string result(text);
  std::ranges::transform(result, result.begin(), [](char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  });
  return result;
}

// Leading and trailing spaces go, and inner runs of spaces become one.
std::string trimmed(std::string_view value) {
  std::string result;
  bool space = false;
  for (const char c : value) {
    if (c == ' ' || c == '\t') {
      space = !result.empty();
      continue;
    }
    if (space) result += ' ';
    space = false;
    result += c;
  }
  return result;
}

std::vector<std::pair<std::string, std::string>> canonical_headers(const SignedRequest& request) {
  std::vector<std::pair<std::string, std::string>> headers;
  headers.reserve(request.headers.size());
  for (const auto& [name, value] : request.headers)
    headers.emplace_back(lower(name), trimmed(value));
  std::ranges::sort(headers);
  return headers;
}

std::string_view day_of(std::string_view amz_date) {
  return amz_date.substr(0, kDayLength);
}

crypto::Sha256Digest signing_key(std::string_view secret_access_key, std::string_view amz_date,
                                 std::string_view region) {
  const auto day = crypto::hmac_sha256(fmt::format("AWS4{}", secret_access_key), day_of(amz_date));
  const auto in_region = crypto::hmac_sha256(std::as_bytes(std::span(day)), region);
  const auto for_service = crypto::hmac_sha256(std::as_bytes(std::span(in_region)), kService);
  return crypto::hmac_sha256(std::as_bytes(std::span(for_service)), "aws4_request");
}

}  // namespace

std::string amz_date(std::chrono::system_clock::time_point time) {
  return fmt::format("{:%Y%m%dT%H%M%SZ}", std::chrono::floor<std::chrono::seconds>(time));
}

std::string uri_encode_path(std::string_view path) {
  std::string encoded;
  encoded.reserve(path.size());
  for (const char c : path) {
    const bool unreserved = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
                            (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' ||
                            c == '~' || c == '/';
    if (unreserved) {
      encoded += c;
    } else {
      encoded += fmt::format("%{:02X}", static_cast<unsigned char>(c));
    }
  }
  return encoded;
}

std::string signed_header_names(const SignedRequest& request) {
  std::string names;
  for (const auto& [name, value] : canonical_headers(request)) {
    if (!names.empty()) names += ';';
    names += name;
  }
  return names;
}

std::string canonical_request(const SignedRequest& request) {
  std::string lines;
  for (const auto& [name, value] : canonical_headers(request)) {
    lines += fmt::format("{}:{}\n", name, value);
  }
  return fmt::format("{}\n{}\n{}\n{}\n{}\n{}", request.method, request.canonical_uri,
                     request.canonical_query, lines, signed_header_names(request),
                     request.payload_hash);
}

std::string credential_scope(std::string_view amz_date, std::string_view region) {
  return fmt::format("{}/{}/{}/aws4_request", day_of(amz_date), region, kService);
}

std::string string_to_sign(std::string_view amz_date, std::string_view region,
                           std::string_view canonical_request) {
  return fmt::format("{}\n{}\n{}\n{}", kAlgorithm, amz_date, credential_scope(amz_date, region),
                     crypto::sha256_hex(canonical_request));
}

std::string signing_key_hex(std::string_view secret_access_key, std::string_view amz_date,
                            std::string_view region) {
  const auto key = signing_key(secret_access_key, amz_date, region);
  return crypto::to_hex(std::as_bytes(std::span(key)));
}

std::string signature(std::string_view secret_access_key, std::string_view amz_date,
                      std::string_view region, std::string_view string_to_sign) {
  const auto key = signing_key(secret_access_key, amz_date, region);
  const auto mac = crypto::hmac_sha256(std::as_bytes(std::span(key)), string_to_sign);
  return crypto::to_hex(std::as_bytes(std::span(mac)));
}

std::string authorization(const Credentials& credentials, std::string_view region,
                          std::string_view amz_date, const SignedRequest& request) {
  const std::string to_sign = string_to_sign(amz_date, region, canonical_request(request));
  return fmt::format("{} Credential={}/{},SignedHeaders={},Signature={}", kAlgorithm,
                     credentials.access_key_id, credential_scope(amz_date, region),
                     signed_header_names(request),
                     signature(credentials.secret_access_key, amz_date, region, to_sign));
}

}  // namespace artshop::s3
