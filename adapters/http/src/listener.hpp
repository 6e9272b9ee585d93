#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <vector>

#include "beast.hpp"

namespace artshop::http {

// The open connections of every event loop together, against the cap (0: no cap).
class ConnectionCount {
 public:
  explicit ConnectionCount(std::size_t cap) noexcept : cap_(cap) {}

  // Counts one more connection, or answers false, counting nothing, at the cap.
  bool try_open() noexcept {
    const auto before = open_.fetch_add(1);
    if (cap_ != 0 && before >= cap_) {
      open_.fetch_sub(1);
      return false;
    }
    return true;
  }
  // Counts one connection fewer; answers how many are still open.
  std::size_t close() noexcept { return open_.fetch_sub(1) - 1; }
  std::size_t open() const noexcept { return open_.load(); }

 private:
  std::size_t cap_;
  std::atomic<std::size_t> open_{0};
};

// Binds `endpoint` once per event loop in `loops`, every acceptor with SO_REUSEPORT, so that
// the kernel spreads new connections over the loops and each accepts its own. Throws
// boost::system::system_error when the port is taken, by another process of the shop as well
// (see bind_port_group in listener.cpp). Port 0 gets one free port for all.
std::vector<tcp::acceptor> bind_port_group(const std::vector<net::io_context*>& loops,
                                           const tcp::endpoint& endpoint);

// Accepts the connections of one event loop: hands each to `on_connection` on the loop's
// thread, counted in `connections` (whoever takes the socket calls connections.close() when it
// ends), or answers it a canned 503 past the cap. After the process or the system runs out of
// file descriptors it pauses accepting for a moment instead of spinning on the same error.
class Listener {
 public:
  using OnConnection = std::function<void(tcp::socket)>;
  Listener(tcp::acceptor acceptor, ConnectionCount& connections, OnConnection on_connection);

  void start();  // on the loop's thread, or before the loop runs
  void close();  // on the loop's thread: accepts no more; a pending accept ends aborted
  unsigned short port() const { return acceptor_.local_endpoint().port(); }

 private:
  void accept();
  void on_accept(beast::error_code ec, tcp::socket socket);

  tcp::acceptor acceptor_;
  net::steady_timer backoff_;
  ConnectionCount& connections_;
  OnConnection on_connection_;
};

}  // namespace artshop::http
