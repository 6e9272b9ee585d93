#include "artshop/s3/s3_blob_store.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <expected>
#include <random>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

#include "artshop/crypto/digests.hpp"
#include "artshop/curl/post.hpp"
#include "artshop/media/blob_key.hpp"

namespace artshop::s3 {
namespace {

constexpr long kOk = 200;
constexpr long kPartial = 206;
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
std::string explain(const curl::Answer& answer) {
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

struct Exchange {
  std::string method;
  std::string_view key;
  std::string_view body{};
  std::vector<std::string> extra_headers{};  // "Range: bytes=0-9"
  std::function<bool(std::string_view)> on_body{};
};

// One signed attempt; signed afresh each time, so a retry carries a current date.
std::expected<curl::Answer, curl::Failure> attempt(const S3Options& options, std::string_view host,
                                                   curl::ConnectionPool& pool,
                                                   const Exchange& exchange) {
  const std::string path = object_path(options, exchange.key);
  const std::string date = amz_date(std::chrono::system_clock::now());
  const std::string payload_hash = crypto::sha256_hex(exchange.body);
  SignedRequest signed_request{.method = exchange.method,
                               .canonical_uri = path,
                               .canonical_query = "",
                               .headers = {{"host", std::string(host)},
                                           {"x-amz-content-sha256", payload_hash},
                                           {"x-amz-date", date}},
                               .payload_hash = payload_hash};
  const std::string& token = options.credentials.session_token;
  if (!token.empty()) signed_request.headers.emplace_back("x-amz-security-token", token);
  std::vector<std::string> headers{
      fmt::format("Host: {}", host), fmt::format("x-amz-content-sha256: {}", payload_hash),
      fmt::format("x-amz-date: {}", date),
      fmt::format("Authorization: {}",
                  authorization(options.credentials, options.region, date, signed_request))};
  if (!token.empty()) headers.push_back(fmt::format("x-amz-security-token: {}", token));
  // Served to no one directly (the shop serves public blobs with their own type).
  if (exchange.method == "PUT") headers.emplace_back("Content-Type: application/octet-stream");
  headers.insert(headers.end(), exchange.extra_headers.begin(), exchange.extra_headers.end());
  return curl::send({.method = exchange.method,
                     .url = options.endpoint + path,
                     .headers = std::move(headers),
                     .body = exchange.body,
                     .timeout = options.timeout,
                     .answer_limit = options.largest_object,
                     .on_body = exchange.on_body,
                     .pool = &pool});
}

constexpr long kTooManyRequests = 429;
constexpr long kFirstServerError = 500;

// Whether the same request may well succeed a moment later: the service was out of reach,
// too slow, failing (5xx) or asking callers to slow down (429). A refusal (403, 404, 400)
// would only be repeated.
bool passing(const std::expected<curl::Answer, curl::Failure>& outcome) {
  if (!outcome) {
    const auto kind = outcome.error().kind;
    return kind == curl::Failure::Kind::Unreachable || kind == curl::Failure::Kind::TimedOut;
  }
  return outcome->status >= kFirstServerError || outcome->status == kTooManyRequests;
}

// Full jitter: a random wait below the exponentially growing bound.
std::chrono::milliseconds backoff(const RetryPolicy& policy, int retry) {
  const auto doubling = policy.retry_base.count() << std::min(retry - 1, 20);
  const auto bound = std::min<std::int64_t>(policy.retry_cap.count(), doubling);
  thread_local std::mt19937_64 random{std::random_device{}()};
  return std::chrono::milliseconds(
      std::uniform_int_distribution<std::int64_t>(0, std::max<std::int64_t>(bound, 0))(random));
}

// The exchange, sent again while it fails for a passing reason and attempts remain (and, for a
// streamed read, until its first byte was handed on); throws when no answer came.
curl::Answer exchange(const S3Options& options, std::string_view host, curl::ConnectionPool& pool,
                      Exchange request) {
  bool delivered = false;
  if (request.on_body) {
    request.on_body = [&delivered, sink = std::move(request.on_body)](std::string_view bytes) {
      delivered = true;
      return sink(bytes);
    };
  }
  const int attempts = std::max(1, options.retry.max_attempts);
  for (int tried = 1;; ++tried) {
    auto outcome = attempt(options, host, pool, request);
    if (tried < attempts && !delivered && passing(outcome)) {
      std::this_thread::sleep_for(backoff(options.retry, tried));
      continue;
    }
    if (!outcome) {
      throw std::runtime_error(
          fmt::format("object store: {}{}", outcome.error().reason,
                      tried > 1 ? fmt::format(" (after {} attempts)", tried) : std::string{}));
    }
    return std::move(*outcome);
  }
}

[[noreturn]] void fail(std::string_view method, std::string_view url, std::string_view reason) {
  throw std::runtime_error(fmt::format("object store: {} {}: {}", method, url, reason));
}

}  // namespace

S3BlobStore::S3BlobStore(S3Options options)
    : options_(std::move(options)),
      connections_(std::make_unique<curl::ConnectionPool>(options_.idle_connections)) {
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

S3BlobStore::~S3BlobStore() = default;

std::string S3BlobStore::url_of(std::string_view key) const {
  return options_.endpoint + object_path(options_, key);
}

std::string S3BlobStore::put(std::string_view bytes, std::string_view extension) {
  std::string key = media::content_key(bytes, extension);
  if (exists(key)) return key;  // content-addressed: already stored
  const auto answer =
      exchange(options_, host_, *connections_, {.method = "PUT", .key = key, .body = bytes});
  if (!answer.ok()) fail("PUT", url_of(key), explain(answer));
  return key;
}

std::optional<std::string> S3BlobStore::get(std::string_view key) {
  if (!media::is_safe_key(key)) return std::nullopt;
  auto answer = exchange(options_, host_, *connections_, {.method = "GET", .key = key});
  if (answer.status == kNotFound) return std::nullopt;
  if (answer.status != kOk) fail("GET", url_of(key), explain(answer));
  return std::move(answer.body);
}

bool S3BlobStore::exists(std::string_view key) {
  return describe(key).has_value();
}

std::optional<S3BlobStore::Object> S3BlobStore::describe(std::string_view key) {
  if (!media::is_safe_key(key)) return std::nullopt;
  const auto answer = exchange(options_, host_, *connections_, {.method = "HEAD", .key = key});
  if (answer.status == kNotFound) return std::nullopt;
  if (answer.status != kOk) fail("HEAD", url_of(key), explain(answer));
  const auto length = answer.header("content-length");
  Object object{.etag = std::string(answer.header("etag"))};
  const auto [end, error] =
      std::from_chars(length.data(), length.data() + length.size(), object.size);
  if (error != std::errc{} || end != length.data() + length.size()) {
    fail("HEAD", url_of(key), "the answer has no Content-Length");
  }
  return object;
}

void S3BlobStore::read(std::string_view key, std::uintmax_t first, std::uintmax_t last,
                       const std::function<bool(std::string_view)>& sink) {
  if (!media::is_safe_key(key)) fail("GET", key, "not a key");
  bool stopped = false;
  curl::Answer answer;
  try {
    answer = exchange(options_, host_, *connections_,
                      {.method = "GET",
                       .key = key,
                       .extra_headers = {fmt::format("Range: bytes={}-{}", first, last)},
                       .on_body = [&](std::string_view bytes) {
                         stopped = !sink(bytes);
                         return !stopped;
                       }});
  } catch (const std::runtime_error&) {
    if (stopped) return;  // the reader's choice, not a failure
    throw;
  }
  if (answer.status != kPartial && answer.status != kOk) fail("GET", url_of(key), explain(answer));
}

}  // namespace artshop::s3
