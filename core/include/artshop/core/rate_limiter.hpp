#pragma once

#include <chrono>
#include <string>
#include <string_view>

#include "artshop/core/accounts/rate_limits.hpp"
#include "artshop/core/accounts/repositories.hpp"
#include "artshop/core/error.hpp"

namespace artshop {

// A sliding-window limit over events stored by a RateLimitRepository.
class RateLimiter {
 public:
  RateLimiter(RateLimitRepository& events, std::chrono::system_clock::time_point now) noexcept
      : events_(events), now_(std::chrono::floor<std::chrono::seconds>(now)) {}

  // An error (429 with when to come back) when the bucket is full.
  Result<void> check(std::string_view bucket, const RateLimitPolicy& policy);
  void record(std::string_view bucket);

 private:
  RateLimitRepository& events_;
  std::chrono::sys_seconds now_;
};

// Bucket names, one place so the parts never drift apart.
std::string rate_bucket(std::string_view kind, std::string_view key);
std::string rate_bucket(std::string_view kind, std::string_view key, std::string_view other_key);

}  // namespace artshop
