#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

#include "support/child_process.hpp"
#include "support/temp_dir.hpp"

namespace artshop::testing {

// A real S3-compatible server (the npm package s3rver, installed by `npm ci` in frontend/) in
// a child process on a free loopback port, keeping its objects in a temporary folder, with
// one empty bucket. It checks Signature Version 4 with the fixed credentials below. Stopped
// (SIGTERM, by its pid) and its folder removed when this object goes away.
class S3Server {
 public:
  static constexpr std::string_view kAccessKeyId = "S3RVER";
  static constexpr std::string_view kSecretAccessKey = "S3RVER";

  // Returns once the server listens; throws std::runtime_error when it does not within 20 s
  // (is node on PATH, and did `npm ci` run in frontend/?).
  explicit S3Server(std::string bucket = "artshop");
  ~S3Server();
  S3Server(const S3Server&) = delete;
  S3Server& operator=(const S3Server&) = delete;

  std::string endpoint() const;  // "http://127.0.0.1:PORT"
  const std::string& bucket() const noexcept { return bucket_; }
  unsigned short port() const noexcept { return port_; }

  // Whether the server holds an object named `name` in the bucket ("media/ab/cd.webp"), and
  // how many objects it holds: read from its folder, not through the S3 API.
  bool holds(std::string_view name) const;
  std::size_t object_count() const;

 private:
  TempDir folder_;
  std::string bucket_;
  ChildProcess process_;
  unsigned short port_ = 0;
};

}  // namespace artshop::testing
