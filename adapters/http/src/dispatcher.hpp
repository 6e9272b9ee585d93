#pragma once

#include <spdlog/logger.h>

#include <chrono>
#include <cstddef>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "artshop/http/file_server.hpp"
#include "artshop/http/router.hpp"
#include "artshop/http/server.hpp"
#include "metrics.hpp"

namespace artshop::http {

// Everything the server decides about a request that does not touch a socket: which code
// answers it, the headers every answer carries, the access log and the metrics. Kept apart from
// the Beast session so that it reads (and compiles) on its own.
class Dispatcher {
 public:
  Dispatcher(const ServerOptions& options, Router api, std::function<bool()> readiness_check);
  Dispatcher(const Dispatcher&) = delete;
  Dispatcher& operator=(const Dispatcher&) = delete;

  // The metrics label of a request that matched no route.
  static constexpr std::string_view kUnmatchedRoute = "unmatched";

  // What the head alone tells: the largest body the request may carry, its metrics label, and
  // where it runs.
  struct Plan {
    std::size_t body_limit = 0;
    std::string_view too_large;  // the route's message for a body past the limit
    std::string_view route;
    // Answered on the I/O thread itself: health, metrics, the front end and media come from
    // memory or a small file and never queue behind API work.
    bool on_io_thread = false;
    // The route's own executor; nullptr: the server's pool for ordinary API calls.
    Executor* executor = nullptr;
    // The route looks for a kept answer on the I/O thread before queuing (kept_answer()).
    bool has_kept_answers = false;
    // Media from a network store: on the server's media threads, which make the body as it is
    // sent (a streamed answer), never on the API's pool.
    bool on_media_threads = false;
  };
  Plan plan(const Request& head) const;

  // The answer to a request whose executor's queue is full: 503 with Retry-After.
  Response busy() const;

  struct Answer {
    Response response;
    std::string_view route;
  };
  // Runs on the worker pool. A throwing handler becomes a 500; nothing escapes.
  Answer handle(Request& request) const noexcept;
  // On the I/O thread, for a plan with has_kept_answers: the answer the route already holds,
  // or std::nullopt when the handler must run. Nothing escapes either.
  std::optional<Answer> kept_answer(Request& request) const noexcept;

  // Called exactly once per request that started (request_started), with the final answer:
  // adds the headers every answer carries, then counts and logs it.
  void request_started() noexcept { metrics_.request_started(); }
  void finish(const Request& request, std::string_view route, Response& response,
              std::chrono::steady_clock::duration elapsed);

  // An incoming X-Request-Id when it is safe to echo into logs, else a fresh random one.
  static std::string request_id(std::optional<std::string_view> incoming);

 private:
  // A built-in or API route's match (405 and 404 included) with its metrics label, or the
  // front end (route "static", no match).
  struct Target {
    RouteMatch match;
    std::string_view route;
    bool builtin = false;  // /healthz, /readyz, /metrics
  };
  Target target(const Request& request) const;
  // `answer()` for `request`, with what it throws answered as handle() says.
  template <class Answering>
  std::optional<Answer> guarded(Request& request, Answering answer) const noexcept;
  Response answer(const RouteMatch& match, Request& request) const;
  // busy(), logged with its cause: a request the database could not take now (contention, an
  // outage), which the client may send again.
  Response unavailable(const Request& request, const std::exception& cause) const;
  std::optional<Response> cors_preflight(const Request& request) const;
  Response serve_front_end(const Request& request) const;
  Response serve_media(const Request& request) const;
  Response serve_stored_media(const Request& request, std::string_view key) const;
  void add_common_headers(const Request& request, Response& response) const;

  ServerOptions options_;
  Router builtins_;
  Router api_;
  std::function<bool()> readiness_check_;
  FileServer front_end_;
  FileServer media_;
  Metrics metrics_;
  std::shared_ptr<spdlog::logger> access_log_;
};

}  // namespace artshop::http
