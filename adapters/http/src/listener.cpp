#include "listener.hpp"

#include <spdlog/spdlog.h>
#include <sys/socket.h>

#include <chrono>
#include <utility>

#include "wire_writer.hpp"

namespace artshop::http {
namespace {

using reuse_port = net::detail::socket_option::boolean<SOL_SOCKET, SO_REUSEPORT>;

// After the process or the system runs out of file descriptors, accepting pauses this long
// instead of spinning on the same error.
constexpr std::chrono::milliseconds kAcceptBackoff{100};

}  // namespace

// SO_REUSEPORT lets any socket of the same user that sets it too share a port, so a second shop
// started on a taken port would bind without a word and get half of the connections. Before the
// group binds, the port is bound once alone, without SO_REUSEPORT: that fails ("address already
// in use") while anyone listens on it, with SO_REUSEPORT or without, as the server's one
// acceptor did before. The probe then lets go and the group binds the port it got. Between the
// two, a process that binds the same port with SO_REUSEPORT in that same microsecond could still
// join unnoticed; anything else is refused by the kernel at the group's bind.
// Port 0 (any free port, as tests ask) needs no probe, and must not have one: the port a probe
// let go is free again for the next process that asks for any port, whose group would then
// share it with this one. The group's first acceptor asks the kernel itself, which gives a port
// nobody holds, and the others join it there.
std::vector<tcp::acceptor> bind_port_group(const std::vector<net::io_context*>& loops,
                                           const tcp::endpoint& endpoint) {
  auto bound = endpoint;
  if (endpoint.port() != 0) {
    tcp::acceptor probe(*loops.front());
    probe.open(endpoint.protocol());
    probe.set_option(net::socket_base::reuse_address(true));
    probe.bind(endpoint);
  }
  std::vector<tcp::acceptor> acceptors;
  acceptors.reserve(loops.size());
  for (auto* loop : loops) {
    auto& acceptor = acceptors.emplace_back(*loop);
    acceptor.open(bound.protocol());
    acceptor.set_option(net::socket_base::reuse_address(true));
    acceptor.set_option(reuse_port(true));
    acceptor.bind(bound);
    acceptor.listen(net::socket_base::max_listen_connections);
    bound = acceptor.local_endpoint();
  }
  return acceptors;
}

Listener::Listener(tcp::acceptor acceptor, ConnectionCount& connections, OnConnection on_connection)
    : acceptor_(std::move(acceptor)),
      backoff_(acceptor_.get_executor()),
      connections_(connections),
      on_connection_(std::move(on_connection)) {}

void Listener::start() {
  accept();
}

void Listener::close() {
  beast::error_code ec;
  acceptor_.close(ec);
  backoff_.cancel();
}

void Listener::accept() {
  acceptor_.async_accept(beast::bind_front_handler(&Listener::on_accept, this));
}

void Listener::on_accept(beast::error_code ec, tcp::socket socket) {
  if (ec == net::error::operation_aborted || !acceptor_.is_open()) return;
  if (ec == net::error::no_descriptors || ec == net::error::no_buffer_space ||
      ec == net::error::no_memory) {
    spdlog::warn("accept failed: {}; pausing accepts for {} ms", ec.message(),
                 kAcceptBackoff.count());
    backoff_.expires_after(kAcceptBackoff);
    backoff_.async_wait([this](beast::error_code timer_ec) {
      if (!timer_ec && acceptor_.is_open()) accept();
    });
    return;
  }
  if (ec) {
    spdlog::warn("accept failed: {}", ec.message());
  } else if (!connections_.try_open()) {
    beast::error_code ignored;
    net::write(socket, net::buffer(kTooManyConnections.data(), kTooManyConnections.size()),
               ignored);
    socket.shutdown(tcp::socket::shutdown_both, ignored);
    socket.close(ignored);
  } else {
    // Answers go out in one write each: Nagle's algorithm would only hold their last segment.
    beast::error_code ignored;
    socket.set_option(tcp::no_delay(true), ignored);
    on_connection_(std::move(socket));
  }
  accept();
}

}  // namespace artshop::http
