#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace artshop::http {

// Request counters, a latency histogram and an in-flight gauge in the Prometheus text format.
// Labels stay bounded: `route` is a route pattern or a fixed word, `method` a known verb or OTHER.
//
// Each thread that counts has a shard of its own, so that the I/O threads, each counting every
// answer it sends, never wait for one another or pass one cache line back and forth; render()
// adds the shards up. A request is started and finished on its connection's thread, so each
// shard's in-flight count balances by itself.
class Metrics {
 public:
  Metrics();
  Metrics(const Metrics&) = delete;
  Metrics& operator=(const Metrics&) = delete;
  ~Metrics();

  void request_started() noexcept;
  void request_finished(std::string_view method, std::string_view route, unsigned status,
                        double seconds);
  std::string render() const;  // text format 0.0.4

 private:
  static constexpr std::array kBuckets{0.005, 0.01, 0.025, 0.05, 0.1, 0.25,
                                       0.5,   1.0,  2.5,   5.0,  10.0};
  // Looked up by views (std::less<>), so that counting a request allocates nothing.
  using RequestCounts =
      std::map<std::tuple<std::string, std::string, unsigned>, std::uint64_t, std::less<>>;

  // One thread's counts. Its mutex is taken by that thread and by render() only, so it is
  // almost never contended; alignment keeps two threads' shards off one cache line.
  struct alignas(64) Shard {
    std::mutex mutex;
    RequestCounts requests;
    std::array<std::uint64_t, kBuckets.size()> bucket_counts{};  // not cumulative
    std::uint64_t count = 0;
    double sum_seconds = 0;
    std::int64_t in_flight = 0;
  };

  // The calling thread's shard of this instance, made on its first count.
  Shard& shard() noexcept;

  const std::uint64_t id_;  // tells instances apart in the threads' caches of their shards
  mutable std::mutex shards_mutex_;
  std::vector<std::unique_ptr<Shard>> shards_;
};

}  // namespace artshop::http
