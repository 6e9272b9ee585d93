#include "service_post.hpp"

#include <spdlog/spdlog.h>

namespace artshop::imagegen {

std::expected<ServiceAnswer, ServiceFailure> post_json(const std::string& url,
                                                       const std::vector<std::string>& headers,
                                                       std::string_view body,
                                                       std::chrono::milliseconds timeout) {
  std::vector<std::string> lines = headers;
  lines.emplace_back("Content-Type: application/json");
  auto answer = curl::post({.url = url,
                            .headers = std::move(lines),
                            .body = body,
                            .timeout = timeout,
                            .answer_limit = kMaxServiceAnswerBytes});
  if (!answer) {
    spdlog::warn("image service: {}", answer.error().reason);
    return std::unexpected(answer.error().kind);
  }
  return std::move(*answer);
}

}  // namespace artshop::imagegen
