#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "artshop/core/ports/executor.hpp"
#include "beast.hpp"

namespace artshop::http {

class Dispatcher;
class HandlerRunner;
class Session;

// The open connections of one event loop, for the drain.
class SessionRegistry {
 public:
  // `on_closed` is called once per connection that ends, on the thread that lets go of it
  // last (its event loop's as a rule; a worker's or the server's own when the server ends).
  explicit SessionRegistry(std::function<void()> on_closed) : on_closed_(std::move(on_closed)) {}
  SessionRegistry(const SessionRegistry&) = delete;
  SessionRegistry& operator=(const SessionRegistry&) = delete;

  void add(const std::shared_ptr<Session>& session);
  void remove(const Session* session);
  // On the event loop's thread: closes the connections waiting for a request, tells the rest
  // to close once their requests are answered; answers how many were open.
  std::size_t shut_down_all();

 private:
  std::mutex mutex_;  // a worker may end a connection; the drain's count comes from the control
  std::unordered_map<const Session*, std::weak_ptr<Session>> sessions_;
  std::function<void()> on_closed_;
};

// What a connection reaches of the server: the limits it reads by, the dispatcher that answers,
// the runner of blocking handlers, and its event loop's registry. Nothing else.
struct SessionServices {
  std::size_t header_limit = 0;
  std::chrono::steady_clock::duration read_timeout{};
  // Requests of one connection read ahead of their answers; the rest wait unread in the socket.
  std::size_t pipeline_limit = 1;
  Dispatcher& dispatcher;
  HandlerRunner& handlers;
  // Media from a network store, each answer's thread making its body while it is sent.
  Executor& media_pool;
  SessionRegistry& registry;
};

// Starts reading requests from `socket`, on its event loop's thread, until the connection ends.
void start_session(tcp::socket socket, const SessionServices& services);

}  // namespace artshop::http
