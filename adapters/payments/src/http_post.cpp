#include "http_post.hpp"

#include <stdexcept>

#include "artshop/curl/post.hpp"

namespace artshop::payments {

HttpAnswer http_post(const std::string& url, const std::vector<std::string>& headers,
                     std::string_view body, std::chrono::milliseconds timeout) {
  auto answer = curl::post({.url = url, .headers = headers, .body = body, .timeout = timeout});
  if (!answer) throw std::runtime_error(answer.error().reason);
  return std::move(*answer);
}

}  // namespace artshop::payments
