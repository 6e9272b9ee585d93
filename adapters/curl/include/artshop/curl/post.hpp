#pragma once

#include <chrono>
#include <cstddef>
#include <expected>
#include <string>
#include <string_view>
#include <vector>

namespace artshop::curl {

// Any HTTP status is an answer: what a 4xx or 5xx means is the caller's to say.
struct Answer {
  long status = 0;
  std::string body;

  bool ok() const noexcept { return status >= 200 && status < 300; }
};

struct Failure {
  enum class Kind {
    TimedOut,     // no whole answer within the timeout
    Unreachable,  // refused, unknown host, TLS or protocol failure, no status line
    TooLarge,     // an answer over the caller's limit
  };
  Kind kind = Kind::Unreachable;
  // "<METHOD> <url>: <curl's reason>"; never a header, which may hold a key.
  std::string reason;
};

struct Post {
  std::string url;
  std::vector<std::string> headers{};  // "Name: value" lines
  std::string_view body{};
  std::chrono::milliseconds timeout{};  // for the whole exchange
  std::size_t answer_limit = std::size_t{1024} * 1024;
};

// One POST on a fresh connection: http or https only, no redirects followed. Throws only when
// curl itself cannot be set up (out of memory, an option refused).
std::expected<Answer, Failure> post(const Post& request);

// A request with any method, for the services that speak more than POST (an object store):
// GET, HEAD (whose answer has no body), PUT or POST of `body`.
struct Request {
  std::string method = "GET";
  std::string url;
  std::vector<std::string> headers{};   // "Name: value" lines; a Host line replaces curl's own
  std::string_view body{};              // sent with PUT and POST only
  std::chrono::milliseconds timeout{};  // for the whole exchange
  std::size_t answer_limit = std::size_t{1024} * 1024;
};

// One request on a fresh connection, as `post` does.
std::expected<Answer, Failure> send(const Request& request);

}  // namespace artshop::curl
