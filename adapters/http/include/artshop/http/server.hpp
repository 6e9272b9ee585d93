#pragma once

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "artshop/http/media_store.hpp"
#include "artshop/http/router.hpp"

namespace artshop::http {

struct ServerOptions {
  std::string host = "127.0.0.1";
  unsigned short port = 8080;  // 0 picks a free one; see Server::port()
  unsigned io_threads = std::thread::hardware_concurrency();
  unsigned worker_threads = 4;  // run the ordinary API handlers (SQLite reads and writes)
  // API requests that may wait for a worker; past it they are answered 503 at once. Routes with
  // an executor of their own (RouteOptions::executor) queue there instead.
  std::size_t worker_queue = 256;
  std::chrono::seconds busy_retry_after{1};  // the Retry-After of a 503 for a full queue
  std::filesystem::path static_dir{};        // the built front end (frontend/dist)
  // Public pictures, served under /media/ and cached for good: their names are content hashes.
  std::filesystem::path media_dir{};
  // When set, /media/ answers from this store instead of media_dir (a bucket several servers
  // share), streamed as it arrives, on media threads of its own: a slow store or a slow client
  // never holds an API worker. Outlives the server.
  MediaStore* media_store = nullptr;
  unsigned media_threads = 16;    // media answers being made or sent at once
  std::size_t media_queue = 256;  // waiting for a media thread; past it: 503
  std::size_t header_limit = std::size_t{8} * 1024;
  std::size_t body_limit = std::size_t{1024} * 1024;  // for requests that match no route
  std::chrono::seconds read_timeout{30};
  // Requests of one connection read ahead of their answers; the rest are read as answers go.
  std::size_t pipeline_limit = 8;
  // Open connections at most (0: no cap); one more is answered 503 and closed at once.
  std::size_t max_connections = 10000;
  std::chrono::seconds drain_timeout{10};
  bool behind_tls = false;  // adds Strict-Transport-Security
  std::vector<std::string> cors_origins{};
  // More metrics in the Prometheus text format, appended to /metrics (the app's own, such as
  // the mail outbox's). Called on an I/O thread: it must answer at once, from memory.
  std::function<std::string()> extra_metrics{};
};

// The HTTP/1.1 server: the API routes under /api/, /healthz, /readyz and /metrics, and the
// single-page front end from static_dir for every other GET.
class Server {
 public:
  // Binds the listener, throwing boost::system::system_error (a std::runtime_error) when it
  // cannot. readiness_check runs on an I/O thread for each GET /readyz, so it only reads a
  // state (one a background check keeps): it never waits for a database.
  Server(ServerOptions options, Router api, std::function<bool()> readiness_check);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  unsigned short port() const;

  // Serves until SIGTERM, SIGINT or stop(); then stops accepting, closes idle connections,
  // answers the requests in flight for up to drain_timeout, and returns. A handler still running
  // at that deadline is waited for (blocking work cannot be interrupted), its answer dropped.
  void run();

  // Starts the same graceful shutdown as SIGTERM; callable from any thread.
  void stop();

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace artshop::http
