#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "artshop/core/ports/blob_store.hpp"
#include "artshop/s3/signature_v4.hpp"

namespace artshop::s3 {

struct S3Options {
  // The service's address, scheme and authority only: "https://s3.eu-west-1.amazonaws.com",
  // "http://127.0.0.1:9000" (MinIO).
  std::string endpoint;
  std::string region = "us-east-1";
  std::string bucket;
  // Put before every key, so that several stores share one bucket: "media/", "originals/".
  std::string prefix;
  Credentials credentials;
  // For each request as a whole; a server that does not answer in time is an error.
  std::chrono::milliseconds timeout{std::chrono::seconds(30)};
  // The largest object `get` reads.
  std::size_t largest_object = std::size_t{256} * 1024 * 1024;
};

// Blobs as objects of an S3-compatible service (AWS S3, MinIO, Ceph RGW), named like the
// folder store's files (media::content_key) below `prefix`, and addressed path-style
// (<endpoint>/<bucket>/<prefix><key>), which every such service understands. Requests are
// signed with Signature Version 4 and carry the SHA-256 of their body, which the service
// checks, so a damaged upload is refused rather than stored. An object appears whole or not
// at all, so readers never see a partial blob.
//
// Thread-safe: every call is one or two requests on connections of its own. Failures (the
// service unreachable or slow, credentials refused, any answer other than the expected ones)
// throw std::runtime_error naming the method, the object's URL and the service's error code,
// never a secret.
class S3BlobStore final : public BlobStore {
 public:
  // Throws std::invalid_argument for an endpoint that is not http(s)://authority, or an empty
  // bucket or credentials. Sends nothing.
  explicit S3BlobStore(S3Options options);

  std::string put(std::string_view bytes, std::string_view extension) override;
  std::optional<std::string> get(std::string_view key) override;
  bool exists(std::string_view key) override;

  // The object's address (without credentials): "<endpoint>/<bucket>/<prefix><key>".
  std::string url_of(std::string_view key) const;

 private:
  S3Options options_;
  std::string host_;  // the Host header: the endpoint's authority
};

}  // namespace artshop::s3
