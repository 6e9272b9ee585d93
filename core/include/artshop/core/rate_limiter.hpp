#pragma once

#include <chrono>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

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
  // check() for every bucket in turn: the first full one answers.
  Result<void> check_all(
      std::initializer_list<std::pair<std::string_view, const RateLimitPolicy&>> buckets);
  // check_all(), then counts this event in every bucket: done in one write transaction, so
  // concurrent attempts cannot slip past a limit together.
  Result<void> admit(
      std::initializer_list<std::pair<std::string_view, const RateLimitPolicy&>> buckets);
  // Whether the bucket holds any event younger than `window`.
  bool any_within(std::string_view bucket, std::chrono::seconds window);
  void record(std::string_view bucket);

 private:
  RateLimitRepository& events_;
  std::chrono::sys_seconds now_;
};

// Bucket names, one place so the parts never drift apart. Different (kind, keys) tuples always
// make different names, whatever the keys hold.
std::string rate_bucket(std::string_view kind, std::string_view key);
std::string rate_bucket(std::string_view kind, std::string_view key, std::string_view other_key);

}  // namespace artshop
