#include "artshop/http/server.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

#include "artshop/concurrency/bounded_thread_pool.hpp"
#include "beast.hpp"
#include "dispatcher.hpp"
#include "handler_runner.hpp"
#include "listener.hpp"
#include "session.hpp"

namespace artshop::http {
namespace {

ServerOptions sanitized(ServerOptions options) {
  options.io_threads = std::max(1U, options.io_threads);
  options.worker_threads = std::max(1U, options.worker_threads);
  options.media_threads = std::max(1U, options.media_threads);
  options.pipeline_limit = std::max<std::size_t>(1, options.pipeline_limit);
  return options;
}

// One I/O thread's event loop: its io_context, its acceptor of the port and the connections it
// accepted, which stay on it to the end (so they need no strand). The members go in the reverse
// of their order: the acceptor before the io_context it belongs to, the io_context (whose
// pending handlers may hold the last reference to a connection) before the registry.
struct EventLoop {
  EventLoop(const ServerOptions& options, Dispatcher& dispatcher, HandlerRunner& handlers,
            Executor& media_pool, std::function<void()> on_closed)
      : registry(std::move(on_closed)),
        services{.header_limit = options.header_limit,
                 .read_timeout = options.read_timeout,
                 .pipeline_limit = options.pipeline_limit,
                 .dispatcher = dispatcher,
                 .handlers = handlers,
                 .media_pool = media_pool,
                 .registry = registry} {}

  SessionRegistry registry;
  SessionServices services;
  // One thread runs it: Asio skips waking other threads for its handlers.
  net::io_context ioc{1};
  // Runs until the server stops it, even while it waits on nothing but a worker's answer.
  net::executor_work_guard<net::io_context::executor_type> work = net::make_work_guard(ioc);
  std::optional<Listener> listener;
};

// The event loops with their threads, the control thread (signals and the drain), the handler
// runner and the graceful shutdown.
class ServerRuntime {
 public:
  ServerRuntime(ServerOptions options, Router api, std::function<bool()> readiness_check);

  unsigned short port() const noexcept { return port_; }
  void run();
  void stop() {
    net::post(control_, [this] { begin_shutdown(); });
  }

 private:
  static void run_loop(net::io_context& ioc);
  void begin_shutdown();
  void listener_closed(std::size_t open);
  void connection_closed();
  void stop_if_drained();
  void stop_all();

  // Everything a connection touches outlives it: connections end in ~io_context at the latest.
  ServerOptions options_;
  Dispatcher dispatcher_;
  ConnectionCount connections_;
  // Signals and the drain, on the thread that calls run(); it never serves a connection.
  net::io_context control_{1};
  net::executor_work_guard<net::io_context::executor_type> control_work_ =
      net::make_work_guard(control_);
  net::signal_set signals_;
  net::steady_timer drain_timer_;
  std::atomic<bool> draining_{false};
  // On the control thread alone:
  std::size_t listeners_open_ = 0;
  std::size_t open_at_drain_ = 0;
  bool listeners_closed_ = false;
  std::vector<std::unique_ptr<EventLoop>> loops_;
  unsigned short port_ = 0;
  // After the loops, so they are joined first: a handler still running holds a connection.
  HandlerRunner handlers_;
  // Media from a network store, each answer's thread making its body while it is sent; its
  // tasks are counted by handlers_ like any other.
  concurrency::BoundedThreadPool media_workers_;
};

ServerRuntime::ServerRuntime(ServerOptions options, Router api,
                             std::function<bool()> readiness_check)
    : options_(sanitized(std::move(options))),
      dispatcher_(options_, std::move(api), std::move(readiness_check)),
      connections_(options_.max_connections),
      signals_(control_, SIGINT, SIGTERM),
      drain_timer_(control_),
      handlers_("http-api", options_.worker_threads, options_.worker_queue),
      media_workers_("http-media", options_.media_threads, options_.media_queue) {
  std::vector<net::io_context*> contexts;
  for (unsigned i = 0; i < options_.io_threads; ++i) {
    auto& loop = *loops_.emplace_back(std::make_unique<EventLoop>(
        options_, dispatcher_, handlers_, media_workers_, [this] { connection_closed(); }));
    contexts.push_back(&loop.ioc);
  }
  tcp::resolver resolver(control_);
  const auto endpoint =
      resolver.resolve(options_.host, std::to_string(options_.port), tcp::resolver::passive)
          .begin()
          ->endpoint();
  auto acceptors = bind_port_group(contexts, endpoint);
  for (std::size_t i = 0; i < loops_.size(); ++i) {
    auto& loop = *loops_[i];
    loop.listener.emplace(std::move(acceptors[i]), connections_, [&loop](tcp::socket socket) {
      start_session(std::move(socket), loop.services);
    });
  }
  port_ = loops_.front()->listener->port();
}

void ServerRuntime::run() {
  signals_.async_wait([this](beast::error_code ec, int signal) {
    if (ec) return;
    spdlog::info("received signal {}", signal);
    begin_shutdown();
  });
  for (auto& loop : loops_) loop->listener->start();
  const auto& host = options_.host;
  spdlog::info("listening on http://{}:{}",
               host.find(':') == std::string::npos ? host : "[" + host + "]", port_);

  std::vector<std::jthread> io_threads;
  for (auto& loop : loops_) {
    io_threads.emplace_back([&ioc = loop->ioc] { run_loop(ioc); });
  }
  run_loop(control_);
  io_threads.clear();
  // After a drain timeout, queued handlers are dropped or skipped; one already running is
  // waited for, though its answer has no connection left to go to.
  media_workers_.stop();
  handlers_.abandon();
  media_workers_.join();
  spdlog::info("stopped");
}

void ServerRuntime::run_loop(net::io_context& ioc) {
  while (true) {
    try {
      ioc.run();
      return;
    } catch (const std::exception& e) {
      spdlog::error("unexpected exception on an I/O thread: {}", e.what());
    }
  }
}

// Each loop closes its own acceptor and tells its own connections, on its own thread; the
// control thread hears back from all before it says it is shutting down, so by then no
// acceptor of the port is left open.
void ServerRuntime::begin_shutdown() {
  if (draining_.exchange(true)) return;
  beast::error_code ec;
  signals_.cancel(ec);
  listeners_open_ = loops_.size();
  for (auto& loop : loops_) {
    net::post(loop->ioc, [this, &loop = *loop] {
      loop.listener->close();
      const auto open = loop.registry.shut_down_all();
      net::post(control_, [this, open] { listener_closed(open); });
    });
  }
}

void ServerRuntime::listener_closed(std::size_t open) {
  open_at_drain_ += open;
  if (--listeners_open_ > 0) return;
  listeners_closed_ = true;
  spdlog::info("shutting down: {} open connection(s)", open_at_drain_);
  if (connections_.open() == 0) {
    stop_all();
    return;
  }
  drain_timer_.expires_after(options_.drain_timeout);
  drain_timer_.async_wait([this](beast::error_code timer_ec) {
    if (timer_ec) return;
    spdlog::warn("drain timeout: closing the remaining connections");
    stop_all();
  });
}

// On whichever thread lets go of a connection last.
void ServerRuntime::connection_closed() {
  if (connections_.close() == 0 && draining_) {
    net::post(control_, [this] { stop_if_drained(); });
  }
}

void ServerRuntime::stop_if_drained() {
  if (listeners_closed_ && connections_.open() == 0) stop_all();
}

void ServerRuntime::stop_all() {
  drain_timer_.cancel();
  for (auto& loop : loops_) loop->ioc.stop();
  control_.stop();
}

}  // namespace

class Server::Impl : public ServerRuntime {
  using ServerRuntime::ServerRuntime;
};

Server::Server(ServerOptions options, Router api, std::function<bool()> readiness_check)
    : impl_(
          std::make_unique<Impl>(std::move(options), std::move(api), std::move(readiness_check))) {}

Server::~Server() = default;

unsigned short Server::port() const {
  return impl_->port();
}

void Server::run() {
  impl_->run();
}

void Server::stop() {
  impl_->stop();
}

}  // namespace artshop::http
