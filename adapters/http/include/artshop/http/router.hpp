#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artshop/core/ports/executor.hpp"
#include "artshop/http/message.hpp"

namespace artshop::http {

// Handlers block (SQLite, password hashing); the server runs them on its worker pool, several at
// a time, so a handler must be safe to call concurrently.
using Handler = std::function<Response(const Request&)>;
// An answer a handler gives on the I/O thread (one its answer cache kept, or one it costs little
// to work out), or std::nullopt.
using KeptAnswerLookup = std::function<std::optional<Response>(const Request&)>;

struct RouteOptions {
  std::size_t body_limit =
      std::size_t{1024} * 1024;  // a larger body is answered 413 before it is read
  // What that 413 says, as a general error in the usual format; empty: the status alone.
  std::string_view too_large{};
  // Where the handler runs: an executor of its own kind of work (password hashing, image
  // generation, rendering), so that expensive calls never wait in front of cheap ones. When
  // its queue is full the request is answered 503 with Retry-After at once. nullptr: the
  // server's pool for ordinary API calls.
  Executor* executor = nullptr;
  // Asked first, on the I/O thread: an answer given there goes back at once, without queuing;
  // otherwise the handler runs on `executor` as above. For the calls whose answers are kept and
  // whose computing can cost more than an I/O thread may spend (a search over every offer): it
  // gives a kept answer, or one it works out because it costs little (a listing's first pages, a
  // page of a search whose answer the catalogue keeps).
  KeptAnswerLookup kept_answer{};
};

struct RouteMatch {
  enum class Outcome { Found, MethodNotAllowed, NotFound };

  Outcome outcome = Outcome::NotFound;
  const Handler* handler = nullptr;  // Found only
  RouteOptions options{};            // Found only
  std::string_view pattern{};        // the route's pattern: a bounded label for logs and metrics
  Fields path_params{};              // Found only
  std::string allow{};               // MethodNotAllowed only: "GET, HEAD, POST"
};

// Paths match without regard to case or a trailing slash; "{name}" segments capture one
// decoded segment. A literal segment wins over a parameter, so "/api/offers/featured" and
// "/api/offers/{urlName}" can live side by side. HEAD is answered by a GET route.
class Router {
 public:
  // Throws std::invalid_argument for a malformed pattern or a route registered twice.
  void add(std::string_view method, std::string_view pattern, Handler handler,
           RouteOptions options = {});

  // `path` is still percent-encoded: segments are decoded after splitting, so an encoded '/'
  // stays inside its parameter.
  RouteMatch match(std::string_view method, std::string_view path) const;

 private:
  struct Segment {
    std::string text;  // the literal, or the parameter's name
    bool is_parameter = false;
  };
  struct Route {
    std::string method;
    std::string pattern;
    std::vector<Segment> segments;
    Handler handler;
    RouteOptions options;
  };

  std::vector<Route> routes_;
};

}  // namespace artshop::http
