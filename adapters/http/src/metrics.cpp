#include "metrics.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>

namespace artshop::http {
namespace {

std::string_view method_label(std::string_view method) {
  static constexpr std::array<std::string_view, 7> kKnown{"GET",   "HEAD",   "POST",   "PUT",
                                                          "PATCH", "DELETE", "OPTIONS"};
  const auto found = std::ranges::find(kKnown, method);
  return found == kKnown.end() ? "OTHER" : *found;
}

std::string escape_label(std::string_view value) {
  std::string escaped;
  for (const char c : value) {
    if (c == '\\' || c == '"') escaped.push_back('\\');
    if (c == '\n') {
      escaped += "\\n";
    } else {
      escaped.push_back(c);
    }
  }
  return escaped;
}

}  // namespace

namespace {

std::atomic<std::uint64_t> next_metrics_id{1};

}  // namespace

Metrics::Metrics() : id_(next_metrics_id.fetch_add(1, std::memory_order_relaxed)) {}

Metrics::~Metrics() = default;

Metrics::Shard& Metrics::shard() noexcept {
  // Usually one entry: the instance the thread's server counts into (tests run several).
  thread_local std::vector<std::pair<std::uint64_t, Shard*>> cached;
  for (const auto& [id, shard] : cached) {
    if (id == id_) return *shard;
  }
  const std::scoped_lock lock(shards_mutex_);
  auto* made = shards_.emplace_back(std::make_unique<Shard>()).get();
  cached.emplace_back(id_, made);
  return *made;
}

void Metrics::request_started() noexcept {
  auto& own = shard();
  const std::scoped_lock lock(own.mutex);
  ++own.in_flight;
}

void Metrics::request_finished(std::string_view method, std::string_view route, unsigned status,
                               double seconds) {
  auto& own = shard();
  const std::scoped_lock lock(own.mutex);
  --own.in_flight;
  const std::tuple<std::string_view, std::string_view, unsigned> labels{method_label(method), route,
                                                                        status};
  if (const auto counted = own.requests.find(labels); counted != own.requests.end()) {
    ++counted->second;
  } else {
    own.requests.emplace(std::tuple<std::string, std::string, unsigned>{labels}, 1);
  }
  const auto bucket = std::ranges::lower_bound(kBuckets, seconds);
  if (bucket != kBuckets.end()) {
    ++own.bucket_counts[static_cast<std::size_t>(bucket - kBuckets.begin())];
  }
  ++own.count;
  own.sum_seconds += seconds;
}

std::string Metrics::render() const {
  RequestCounts requests;
  std::array<std::uint64_t, kBuckets.size()> bucket_counts{};
  std::uint64_t count = 0;
  double sum_seconds = 0;
  std::int64_t in_flight = 0;
  {
    const std::scoped_lock lock(shards_mutex_);
    for (const auto& shard : shards_) {
      const std::scoped_lock shard_lock(shard->mutex);
      for (const auto& [labels, counted] : shard->requests) requests[labels] += counted;
      for (std::size_t i = 0; i < kBuckets.size(); ++i) bucket_counts[i] += shard->bucket_counts[i];
      count += shard->count;
      sum_seconds += shard->sum_seconds;
      in_flight += shard->in_flight;
    }
  }

  std::string text;
  auto out = std::back_inserter(text);
  fmt::format_to(out,
                 "# HELP artshop_http_requests_total HTTP requests answered.\n"
                 "# TYPE artshop_http_requests_total counter\n");
  for (const auto& [labels, counted] : requests) {
    const auto& [method, route, status] = labels;
    fmt::format_to(out,
                   "artshop_http_requests_total{{method=\"{}\",route=\"{}\",status=\"{}\"}} {}\n",
                   method, escape_label(route), status, counted);
  }
  fmt::format_to(
      out,
      "# HELP artshop_http_request_duration_seconds Time from request head to response.\n"
      "# TYPE artshop_http_request_duration_seconds histogram\n");
  std::uint64_t cumulative = 0;
  for (std::size_t i = 0; i < kBuckets.size(); ++i) {
    cumulative += bucket_counts[i];
    fmt::format_to(out, "artshop_http_request_duration_seconds_bucket{{le=\"{}\"}} {}\n",
                   kBuckets[i], cumulative);
  }
  fmt::format_to(out,
                 "artshop_http_request_duration_seconds_bucket{{le=\"+Inf\"}} {}\n"
                 "artshop_http_request_duration_seconds_sum {}\n"
                 "artshop_http_request_duration_seconds_count {}\n",
                 count, sum_seconds, count);
  fmt::format_to(out,
                 "# HELP artshop_http_requests_in_flight HTTP requests being answered.\n"
                 "# TYPE artshop_http_requests_in_flight gauge\n"
                 "artshop_http_requests_in_flight {}\n",
                 in_flight);
  return text;
}

}  // namespace artshop::http
