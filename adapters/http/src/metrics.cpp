#include "metrics.hpp"

#include <fmt/format.h>

#include <algorithm>

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

void Metrics::request_started() noexcept {
  const std::scoped_lock lock(mutex_);
  ++in_flight_;
}

void Metrics::request_finished(std::string_view method, std::string_view route, unsigned status,
                               double seconds) {
  const std::scoped_lock lock(mutex_);
  --in_flight_;
  const std::tuple<std::string_view, std::string_view, unsigned> labels{method_label(method), route,
                                                                        status};
  if (const auto counted = requests_.find(labels); counted != requests_.end()) {
    ++counted->second;
  } else {
    requests_.emplace(std::tuple<std::string, std::string, unsigned>{labels}, 1);
  }
  const auto bucket = std::ranges::lower_bound(kBuckets, seconds);
  if (bucket != kBuckets.end()) {
    ++bucket_counts_[static_cast<std::size_t>(bucket - kBuckets.begin())];
  }
  ++count_;
  sum_seconds_ += seconds;
}

std::string Metrics::render() const {
  const std::scoped_lock lock(mutex_);
  std::string text;
  auto out = std::back_inserter(text);
  fmt::format_to(out,
                 "# HELP artshop_http_requests_total HTTP requests answered.\n"
                 "# TYPE artshop_http_requests_total counter\n");
  for (const auto& [labels, count] : requests_) {
    const auto& [method, route, status] = labels;
    fmt::format_to(out,
                   "artshop_http_requests_total{{method=\"{}\",route=\"{}\",status=\"{}\"}} {}\n",
                   method, escape_label(route), status, count);
  }
  fmt::format_to(
      out,
      "# HELP artshop_http_request_duration_seconds Time from request head to response.\n"
      "# TYPE artshop_http_request_duration_seconds histogram\n");
  std::uint64_t cumulative = 0;
  for (std::size_t i = 0; i < kBuckets.size(); ++i) {
    cumulative += bucket_counts_[i];
    fmt::format_to(out, "artshop_http_request_duration_seconds_bucket{{le=\"{}\"}} {}\n",
                   kBuckets[i], cumulative);
  }
  fmt::format_to(out,
                 "artshop_http_request_duration_seconds_bucket{{le=\"+Inf\"}} {}\n"
                 "artshop_http_request_duration_seconds_sum {}\n"
                 "artshop_http_request_duration_seconds_count {}\n",
                 count_, sum_seconds_, count_);
  fmt::format_to(out,
                 "# HELP artshop_http_requests_in_flight HTTP requests being answered.\n"
                 "# TYPE artshop_http_requests_in_flight gauge\n"
                 "artshop_http_requests_in_flight {}\n",
                 in_flight_);
  return text;
}

}  // namespace artshop::http
