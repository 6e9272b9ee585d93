#include "artshop/s3/s3_blob_store.hpp"

#include <fmt/format.h>

#include <stdexcept>
#include <utility>

#include "artshop/crypto/digests.hpp"
#include "artshop/curl/post.hpp"
#include "artshop/media/blob_key.hpp"

namespace artshop::s3 {
namespace {

constexpr long kOk = 200;
constexpr long kNotFound = 404;
constexpr long kForbidden = 403;

// The authority of "http(s)://authority", which the Host header carries and the signature
// covers; throws for anything else (a path would be taken for part of the bucket's name).
std::string authority_of(std::string_view endpoint) {
  for (const std::string_view scheme : {"https://", "http://"}) {
    if (!endpoint.starts_with(scheme)) continue;
    const auto authority = endpoint.substr(scheme.size());
    if (authority.empty() || authority.find_first_of("/?#@") != std::string_view::npos) break;
    return std::string(authority);
  }
  throw std::invalid_argument(
      fmt::format("the object store's endpoint is http(s)://host[:port], got '{}'", endpoint));
}

// The text of the first <name> element: S3 errors are <Error><Code>..</Code><Message>..</Message>.
std::string_view element(std::string_view xml, std::string_view name) {
  const std::string open = fmt::format("<{}>", name);
  const auto start = xml.find(open);
  if (start == std::string_view::npos) return {};
  const auto from = start + open.size();
  const auto end = xml.find(fmt::format("</{}>", name), from);
  return end == std::string_view::npos ? std::string_view{} : xml.substr(from, end - from);
}

// What the service said, for an operator: the status with S3's error code and message, or a
// hint when a HEAD's answer had no body to tell.
std::string describe(const curl::Answer& answer) {
  const auto code = element(answer.body, "Code");
  const auto message = element(answer.body, "Message");
  if (!code.empty()) {
    return message.empty() ? fmt::format("{} {}", answer.status, code)
                           : fmt::format("{} {}: {}", answer.status, code, message);
  }
  if (answer.status == kForbidden) {
    return "403 access denied (check s3.access_key_id, s3.secret_access_key and the bucket's "
           "policy)";
  }
  return fmt::format("HTTP status {}", answer.status);
}

// "/<bucket>/<prefix><key>", URI-encoded as it is sent and signed.
std::string object_path(const S3Options& options, std::string_view key) {
  return uri_encode_path(fmt::format("/{}/{}{}", options.bucket, options.prefix, key));
}

// One signed request for the object `key`; throws when no answer came.
curl::Answer exchange(const S3Options& options, std::string_view host, std::string method,
                      std::string_view key, std::string_view body) {
  const std::string path = object_path(options, key);
  const std::string url = options.endpoint + path;
  const std::string date = amz_date(std::chrono::system_clock::now());
  const std::string payload_hash = crypto::sha256_hex(body);
  const SignedRequest signed_request{.method = method,
                                     .canonical_uri = path,
                                     .canonical_query = "",
                                     .headers = {{"host", std::string(host)},
                                                 {"x-amz-content-sha256", payload_hash},
                                                 {"x-amz-date", date}},
                                     .payload_hash = payload_hash};
  std::vector<std::string> headers{
      fmt::format("Host: {}", host), fmt::format("x-amz-content-sha256: {}", payload_hash),
      fmt::format("x-amz-date: {}", date),
      fmt::format("Authorization: {}",
                  authorization(options.credentials, options.region, date, signed_request))};
  // Served to no one directly (the shop serves public blobs with their own type).
  if (method == "PUT") headers.emplace_back("Content-Type: application/octet-stream");
  auto answer = curl::send({.method = std::move(method),
                            .url = url,
                            .headers = std::move(headers),
                            .body = body,
                            .timeout = options.timeout,
                            .answer_limit = options.largest_object});
  if (!answer) throw std::runtime_error(fmt::format("object store: {}", answer.error().reason));
  return std::move(*answer);
}

[[noreturn]] void fail(std::string_view method, std::string_view url, std::string_view reason) {
  throw std::runtime_error(fmt::format("object store: {} {}: {}", method, url, reason));
}

}  // namespace

S3BlobStore::S3BlobStore(S3Options options) : options_(std::move(options)) {
  while (options_.endpoint.ends_with('/')) options_.endpoint.pop_back();
  host_ = authority_of(options_.endpoint);
  if (options_.bucket.empty() || options_.bucket.find('/') != std::string::npos) {
    throw std::invalid_argument("the object store's bucket is a name without '/'");
  }
  if (options_.region.empty()) throw std::invalid_argument("the object store's region is empty");
  if (options_.credentials.access_key_id.empty() ||
      options_.credentials.secret_access_key.empty()) {
    throw std::invalid_argument("the object store's access key id and secret are required");
  }
}

std::string S3BlobStore::url_of(std::string_view key) const {
  return options_.endpoint + object_path(options_, key);
}

std::string S3BlobStore::put(std::string_view bytes, std::string_view extension) {
  std::string key = media::content_key(bytes, extension);
  if (exists(key)) return key;  // content-addressed: already stored
  const auto answer = exchange(options_, host_, "PUT", key, bytes);
  if (!answer.ok()) fail("PUT", url_of(key), describe(answer));
  return key;
}

std::optional<std::string> S3BlobStore::get(std::string_view key) {
  if (!media::is_safe_key(key)) return std::nullopt;
  auto answer = exchange(options_, host_, "GET", key, {});
  if (answer.status == kNotFound) return std::nullopt;
  if (answer.status != kOk) fail("GET", url_of(key), describe(answer));
  return std::move(answer.body);
}

bool S3BlobStore::exists(std::string_view key) {
  if (!media::is_safe_key(key)) return false;
  const auto answer = exchange(options_, host_, "HEAD", key, {});
  if (answer.status == kNotFound) return false;
  if (answer.status != kOk) fail("HEAD", url_of(key), describe(answer));
  return true;
}

}  // namespace artshop::s3
