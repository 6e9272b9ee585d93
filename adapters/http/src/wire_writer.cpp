#include "wire_writer.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/beast/http/status.hpp>

#include "artshop/http/body_stream.hpp"

namespace artshop::http {
namespace {

// One pass over the text: find_first_of("\r\n") calls memchr over the two characters for every
// character of the text, which was a tenth of the server's time on a /healthz (the security
// policy header alone is 230 characters).
bool safe_in_a_header(std::string_view text) {
  return std::ranges::none_of(text, [](char c) { return c == '\r' || c == '\n'; });
}

}  // namespace

bool has_no_body(unsigned status) noexcept {
  return status < 200 || status == 204 || status == 304;
}

std::string wire_head(const Response& response, unsigned version, bool close) {
  namespace beast_http = boost::beast::http;
  std::string head;
  head.reserve(512);
  head += version == 10 ? "HTTP/1.0 " : "HTTP/1.1 ";
  head += std::to_string(response.status);
  head += ' ';
  const auto reason = beast_http::obsolete_reason(beast_http::int_to_status(response.status));
  head.append(reason.data(), reason.size());
  head += "\r\n";
  for (const auto& [name, value] : response.headers) {
    if (!safe_in_a_header(name) || !safe_in_a_header(value)) {
      spdlog::error("header {} left out of an answer: it holds a line break", name);
      continue;
    }
    head += name;
    head += ": ";
    head += value;
    head += "\r\n";
  }
  if (!has_no_body(response.status)) {
    if (response.stream && !response.stream->length()) {
      // A body of a length known only at its end: HTTP/1.1 sends it chunked, HTTP/1.0 ends it
      // by closing the connection (the session closes it).
      if (version != 10) head += "Transfer-Encoding: chunked\r\n";
    } else {
      head += "Content-Length: ";
      head +=
          std::to_string(response.stream ? *response.stream->length() : response.bytes().size());
      head += "\r\n";
    }
  }
  if (version == 10 && !close) head += "Connection: keep-alive\r\n";
  if (version != 10 && close) head += "Connection: close\r\n";
  head += "\r\n";
  return head;
}

std::string_view wire_body(const Response& response, bool head_request) noexcept {
  if (head_request || has_no_body(response.status)) return {};
  return response.bytes();
}

}  // namespace artshop::http
