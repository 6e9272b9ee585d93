#pragma once

#include <chrono>
#include <cstddef>
#include <expected>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "artshop/curl/easy.hpp"

namespace artshop::curl {

// Any HTTP status is an answer: what a 4xx or 5xx means is the caller's to say.
struct Answer {
  long status = 0;
  std::string body;
  // The answer's header fields, names in lower case ("etag", "content-length").
  std::vector<std::pair<std::string, std::string>> headers{};

  bool ok() const noexcept { return status >= 200 && status < 300; }
  // The first field of that (lower-case) name, or "".
  std::string_view header(std::string_view name) const noexcept;
};

struct Failure {
  enum class Kind {
    TimedOut,     // no whole answer within the timeout
    Unreachable,  // refused, unknown host, TLS or protocol failure, no status line
    TooLarge,     // an answer over the caller's limit, or on_body asked to stop
  };
  Kind kind = Kind::Unreachable;
  // "<METHOD> <url>: <curl's reason>"; never a header, which may hold a key.
  std::string reason;
};

// Easy handles kept between exchanges, each with the connections it opened: an exchange that
// takes one finds its server's connection still open (HTTP keep-alive, TLS session included)
// instead of connecting again. Thread-safe; a handle serves one exchange at a time.
class ConnectionPool {
 public:
  // At most `idle_limit` handles wait between exchanges; one more given back is closed.
  explicit ConnectionPool(std::size_t idle_limit = 16) : idle_limit_(idle_limit) {}
  ConnectionPool(const ConnectionPool&) = delete;
  ConnectionPool& operator=(const ConnectionPool&) = delete;

  // A waiting handle with its options reset (its connections kept), or a fresh one.
  Handle take();
  void give_back(Handle handle);

 private:
  std::mutex mutex_;
  std::vector<Handle> idle_;
  std::size_t idle_limit_;
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
  std::chrono::milliseconds timeout{};  // for the whole exchange (with on_body: see there)
  std::size_t answer_limit = std::size_t{1024} * 1024;
  // When set, a 2xx answer's body goes here as it arrives instead of into Answer::body, with no
  // limit; returning false stops the exchange (a TooLarge failure). `timeout` then bounds
  // connecting and any stall (no byte for that long), not the whole exchange, which may be as
  // long as a slow reader makes it. Other answers are collected as usual.
  std::function<bool(std::string_view)> on_body{};
  // When set, the exchange runs on one of its handles, reusing its open connections.
  ConnectionPool* pool = nullptr;
};

// One request, on a fresh connection or one of `pool`'s, as `post` does.
std::expected<Answer, Failure> send(const Request& request);

}  // namespace artshop::curl
