// The ceiling for the HTTP figures: Boost.Beast with nothing on top, built the way the shop's
// server is (adapters/http/src/server.cpp): one io_context per I/O thread, each with its own
// acceptor of the port (SO_REUSEPORT), so a connection stays on the thread that accepted it.
// No routing, no middleware, no logging, no deadline: every request is read with Beast's parser
// and answered with the bytes the shop's /healthz answers, made for each request as a Beast
// response and written by Beast's serializer. With `fixed`, the answer is instead one constant
// string written as it is, with no work per request at all: a bound no server that makes its
// answers can reach, for scale (docs/benchmarks.md).
// Usage: minimal_server PORT [THREADS] [fixed]
#include <sys/socket.h>

#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace {

namespace beast = boost::beast;
namespace http = boost::beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using reuse_port = net::detail::socket_option::boolean<SOL_SOCKET, SO_REUSEPORT>;

// The shop's /healthz answer, headers included, its X-Request-Id a fixed one of the same length.
http::response<http::string_body> healthz_answer() {
  http::response<http::string_body> response{http::status::ok, 11};
  response.set(http::field::content_type, "application/json; charset=utf-8");
  response.set("Content-Security-Policy",
               "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
               "img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; "
               "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'");
  response.set("X-Content-Type-Options", "nosniff");
  response.set("Referrer-Policy", "strict-origin-when-cross-origin");
  response.set("X-Frame-Options", "DENY");
  response.set("X-Request-Id", "0000000000000000");
  response.body() = R"({"status":"ok"})";
  response.prepare_payload();
  return response;
}

// The same answer byte for byte, for `fixed`.
constexpr std::string_view kHealthz =
    "HTTP/1.1 200 OK\r\n"
    "Content-Type: application/json; charset=utf-8\r\n"
    "Content-Security-Policy: default-src 'self'; script-src 'self'; style-src 'self' "
    "'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'\r\n"
    "X-Content-Type-Options: nosniff\r\n"
    "Referrer-Policy: strict-origin-when-cross-origin\r\n"
    "X-Frame-Options: DENY\r\n"
    "X-Request-Id: 0000000000000000\r\n"
    "Content-Length: 15\r\n\r\n"
    "{\"status\":\"ok\"}";

bool fixed_bytes = false;  // set once, before any thread starts

class Session : public std::enable_shared_from_this<Session> {
 public:
  explicit Session(tcp::socket socket) : socket_(std::move(socket)) {}

  void read() {
    parser_.emplace();
    http::async_read(socket_, buffer_, *parser_,
                     [self = shared_from_this()](beast::error_code ec, std::size_t) {
                       if (!ec) self->write();
                     });
  }

 private:
  void write() {
    const bool keep_alive = parser_->keep_alive();
    auto then = [self = shared_from_this(), keep_alive](beast::error_code ec, std::size_t) {
      if (!ec && keep_alive) self->read();
    };
    if (fixed_bytes) {
      net::async_write(socket_, net::buffer(kHealthz.data(), kHealthz.size()), std::move(then));
      return;
    }
    response_ = healthz_answer();
    response_.keep_alive(keep_alive);
    http::async_write(socket_, response_, std::move(then));
  }

  tcp::socket socket_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  http::response<http::string_body> response_;
};

void accept(tcp::acceptor& acceptor) {
  acceptor.async_accept([&acceptor](beast::error_code ec, tcp::socket socket) {
    if (!ec) {
      socket.set_option(tcp::no_delay(true));
      std::make_shared<Session>(std::move(socket))->read();
    }
    accept(acceptor);
  });
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: minimal_server PORT [THREADS] [fixed]\n";
    return EXIT_FAILURE;
  }
  try {
    const auto port = static_cast<unsigned short>(std::atoi(argv[1]));
    const unsigned threads =
        argc > 2 ? static_cast<unsigned>(std::atoi(argv[2])) : std::thread::hardware_concurrency();
    fixed_bytes = argc > 3 && std::string_view(argv[3]) == "fixed";
    const tcp::endpoint endpoint{net::ip::make_address("127.0.0.1"), port};
    {
      // Bound alone first, as the shop does: SO_REUSEPORT would share a port some other
      // server of this user holds without a word.
      net::io_context probe_context;
      tcp::acceptor probe(probe_context, endpoint);
    }
    std::vector<std::unique_ptr<net::io_context>> loops;
    std::vector<tcp::acceptor> acceptors;
    acceptors.reserve(std::max(1U, threads));  // accept() keeps a reference to each
    for (unsigned i = 0; i < std::max(1U, threads); ++i) {
      auto& ioc = *loops.emplace_back(std::make_unique<net::io_context>(1));
      auto& acceptor = acceptors.emplace_back(ioc);
      acceptor.open(endpoint.protocol());
      acceptor.set_option(net::socket_base::reuse_address(true));
      acceptor.set_option(reuse_port(true));
      acceptor.bind(endpoint);
      acceptor.listen(net::socket_base::max_listen_connections);
      accept(acceptor);
    }
    std::vector<std::jthread> workers;
    for (std::size_t i = 1; i < loops.size(); ++i) {
      workers.emplace_back([&ioc = *loops[i]] { ioc.run(); });
    }
    loops.front()->run();
  } catch (const std::exception& e) {
    // A port already taken, most often: said plainly rather than as an abort.
    std::cerr << "minimal_server: " << e.what() << '\n';
    return EXIT_FAILURE;
  }
}
