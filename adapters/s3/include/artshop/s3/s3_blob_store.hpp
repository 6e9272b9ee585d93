#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "artshop/core/ports/blob_store.hpp"
#include "artshop/s3/signature_v4.hpp"

namespace artshop::curl {
class ConnectionPool;
}

namespace artshop::s3 {

// How a request the service failed to answer is sent again: after a connection failure, a
// timeout, a 5xx or a 429 (slow down), never after any other 4xx, which would fail the same
// way. The n-th retry waits a random time between 0 and min(retry_cap, retry_base * 2^(n-1))
// ("full jitter"), so that servers that failed together do not all come back at once.
struct RetryPolicy {
  int max_attempts = 4;  // the first try included; 1: no retry
  std::chrono::milliseconds retry_base{100};
  std::chrono::milliseconds retry_cap{2000};
};

struct S3Options {
  // The service's address, scheme and authority only: "https://s3.eu-west-1.amazonaws.com",
  // "http://127.0.0.1:9000" (MinIO).
  std::string endpoint;
  std::string region = "us-east-1";
  std::string bucket;
  // Put before every key, so that several stores share one bucket: "media/", "originals/".
  std::string prefix;
  Credentials credentials;
  // For each request as a whole (each attempt); a server that does not answer in time is an
  // error. A streamed read (`read`) is bounded by it while connecting and whenever it stalls.
  std::chrono::milliseconds timeout{std::chrono::seconds(30)};
  // The largest object `get` reads.
  std::size_t largest_object = std::size_t{256} * 1024 * 1024;
  RetryPolicy retry{};
  // Connections kept open between requests (at most one per request running at the same time).
  std::size_t idle_connections = 16;
};

// Blobs as objects of an S3-compatible service (AWS S3, MinIO, Ceph RGW), named like the
// folder store's files (media::content_key) below `prefix`, and addressed path-style
// (<endpoint>/<bucket>/<prefix><key>), which every such service understands. Requests are
// signed with Signature Version 4 and carry the SHA-256 of their body, which the service
// checks, so a damaged upload is refused rather than stored. An object appears whole or not
// at all, so readers never see a partial blob.
//
// Thread-safe: requests run on connections kept open between them (options.idle_connections),
// and one that fails for a passing reason is sent again (options.retry); a PUT may be repeated
// since keys name their content. Failures (the service unreachable or slow, credentials
// refused, any answer other than the expected ones) throw std::runtime_error naming the
// method, the object's URL and the service's error code, never a secret.
class S3BlobStore final : public BlobStore {
 public:
  // Throws std::invalid_argument for an endpoint that is not http(s)://authority, or an empty
  // bucket or credentials. Sends nothing.
  explicit S3BlobStore(S3Options options);
  ~S3BlobStore() override;
  S3BlobStore(const S3BlobStore&) = delete;
  S3BlobStore& operator=(const S3BlobStore&) = delete;

  std::string put(std::string_view bytes, std::string_view extension) override;
  std::optional<std::string> get(std::string_view key) override;
  bool exists(std::string_view key) override;

  // Not in the port, for serving objects without holding them whole: an object's size and the
  // service's ETag for it (quoted, as HTTP writes it); nullopt when there is none.
  struct Object {
    std::uintmax_t size = 0;
    std::string etag;
  };
  std::optional<Object> describe(std::string_view key);
  // Bytes first..last (inclusive, within the object) of `key`, handed to `sink` as they
  // arrive; `sink` answers false to stop, and then read returns at once. Retried only until
  // the first byte reached `sink`. Throws when the object is missing or the service fails.
  void read(std::string_view key, std::uintmax_t first, std::uintmax_t last,
            const std::function<bool(std::string_view)>& sink);

  // The object's address (without credentials): "<endpoint>/<bucket>/<prefix><key>".
  std::string url_of(std::string_view key) const;

 private:
  S3Options options_;
  std::string host_;  // the Host header: the endpoint's authority
  std::unique_ptr<curl::ConnectionPool> connections_;
};

}  // namespace artshop::s3
