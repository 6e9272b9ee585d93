#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <tuple>

namespace artshop::http {

// Request counters, a latency histogram and an in-flight gauge in the Prometheus text format.
// Labels stay bounded: `route` is a route pattern or a fixed word, `method` a known verb or OTHER.
class Metrics {
 public:
  void request_started() noexcept;
  void request_finished(std::string_view method, std::string_view route, unsigned status,
                        double seconds);
  std::string render() const;  // text format 0.0.4

 private:
  static constexpr std::array kBuckets{0.005, 0.01, 0.025, 0.05, 0.1, 0.25,
                                       0.5,   1.0,  2.5,   5.0,  10.0};

  mutable std::mutex mutex_;
  // Looked up by views (std::less<>), so that counting a request allocates nothing.
  std::map<std::tuple<std::string, std::string, unsigned>, std::uint64_t, std::less<>> requests_;
  std::array<std::uint64_t, kBuckets.size()> bucket_counts_{};  // not cumulative
  std::uint64_t count_ = 0;
  double sum_seconds_ = 0;
  std::int64_t in_flight_ = 0;
};

}  // namespace artshop::http
