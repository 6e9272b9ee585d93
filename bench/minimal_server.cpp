// The ceiling for the HTTP figures: Boost.Beast with nothing on top. No routing, no middleware,
// no logging; every request gets the bytes the shop's /healthz answers, on as many I/O threads
// as the shop runs (one per core), each connection on a strand of one shared io_context.
// Usage: minimal_server PORT [THREADS]
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace {

namespace beast = boost::beast;
namespace http = boost::beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;

// The shop's /healthz answer, headers included, less the per-request X-Request-Id.
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

class Session : public std::enable_shared_from_this<Session> {
 public:
  explicit Session(tcp::socket socket) : stream_(std::move(socket)) {}

  void read() {
    request_ = {};
    http::async_read(stream_, buffer_, request_,
                     [self = shared_from_this()](beast::error_code ec, std::size_t) {
                       if (!ec) self->write();
                     });
  }

 private:
  void write() {
    response_ = healthz_answer();
    response_.keep_alive(request_.keep_alive());
    http::async_write(stream_, response_,
                      [self = shared_from_this()](beast::error_code ec, std::size_t) {
                        if (!ec && self->response_.keep_alive()) self->read();
                      });
  }

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  http::request<http::string_body> request_;
  http::response<http::string_body> response_;
};

void accept(tcp::acceptor& acceptor, net::io_context& ioc) {
  acceptor.async_accept(net::make_strand(ioc), [&](beast::error_code ec, tcp::socket socket) {
    if (!ec) {
      socket.set_option(tcp::no_delay(true));
      std::make_shared<Session>(std::move(socket))->read();
    }
    accept(acceptor, ioc);
  });
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: minimal_server PORT [THREADS]\n";
    return EXIT_FAILURE;
  }
  try {
    const auto port = static_cast<unsigned short>(std::atoi(argv[1]));
    const unsigned threads =
        argc > 2 ? static_cast<unsigned>(std::atoi(argv[2])) : std::thread::hardware_concurrency();
    net::io_context ioc(static_cast<int>(threads));
    tcp::acceptor acceptor(ioc, {net::ip::make_address("127.0.0.1"), port});
    accept(acceptor, ioc);
    std::vector<std::jthread> workers;
    for (unsigned i = 1; i < threads; ++i) workers.emplace_back([&ioc] { ioc.run(); });
    ioc.run();
  } catch (const std::exception& e) {
    // A port already taken, most often: said plainly rather than as an abort.
    std::cerr << "minimal_server: " << e.what() << '\n';
    return EXIT_FAILURE;
  }
}
