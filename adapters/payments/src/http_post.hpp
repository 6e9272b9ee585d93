#pragma once

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

namespace artshop::payments {

struct HttpAnswer {
  long status = 0;
  std::string body;

  bool ok() const noexcept { return status >= 200 && status < 300; }
};

// One POST through libcurl on a fresh connection: http or https only, no redirects followed,
// `timeout` for the whole exchange. `headers` are "Name: value" lines. Throws
// std::runtime_error when no answer arrived (refused, timed out, TLS failure, an answer over
// 1 MiB); the message names the URL and the reason, never a header, which may hold a key.
HttpAnswer http_post(const std::string& url, const std::vector<std::string>& headers,
                     std::string_view body, std::chrono::milliseconds timeout);

}  // namespace artshop::payments
