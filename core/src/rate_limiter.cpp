#include "artshop/core/rate_limiter.hpp"

#include <fmt/format.h>

namespace artshop {

Result<void> RateLimiter::check(std::string_view bucket, const RateLimitPolicy& policy) {
  const auto since = now_ - policy.window;
  if (events_.count_since(bucket, since) < policy.limit) return {};
  const auto oldest = events_.oldest_since(bucket, since).value_or(now_);
  const auto retry_after = std::max(oldest + policy.window - now_, std::chrono::seconds{1});
  return std::unexpected(Error::too_many_requests(retry_after));
}

Result<void> RateLimiter::check_all(
    std::initializer_list<std::pair<std::string_view, const RateLimitPolicy&>> buckets) {
  for (const auto& [bucket, policy] : buckets) {
    if (auto limited = check(bucket, policy); !limited) return limited;
  }
  return {};
}

Result<void> RateLimiter::admit(
    std::initializer_list<std::pair<std::string_view, const RateLimitPolicy&>> buckets) {
  if (auto limited = check_all(buckets); !limited) return limited;
  for (const auto& [bucket, policy] : buckets) record(bucket);
  return {};
}

bool RateLimiter::any_within(std::string_view bucket, std::chrono::seconds window) {
  return events_.count_since(bucket, now_ - window) > 0;
}

void RateLimiter::record(std::string_view bucket) {
  events_.add(bucket, now_);
  // No window is longer than a day; forgetting older events keeps the table small. The
  // delete walks an index on time, so it costs nothing when there is nothing to forget.
  events_.prune(now_ - std::chrono::days{1});
}

// Every key is written after its length in bytes ("login-failures:15:ann@example.com:9:192.0.2.1"),
// so no key can reach into the next one: whatever a client types, two different tuples never make
// one bucket name.
std::string rate_bucket(std::string_view kind, std::string_view key) {
  return fmt::format("{}:{}:{}", kind, key.size(), key);
}

std::string rate_bucket(std::string_view kind, std::string_view key, std::string_view other_key) {
  return fmt::format("{}:{}:{}", rate_bucket(kind, key), other_key.size(), other_key);
}

}  // namespace artshop
