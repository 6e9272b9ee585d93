#include "support/fault_proxy.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <optional>
#include <stdexcept>

namespace artshop::testing {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

// What the connection threads share with the proxy: the record, and the sockets to shut when
// the proxy goes away (which wakes their blocking reads).
struct FaultProxy::Shared {
  mutable std::mutex mutex;
  std::vector<Seen> seen;
  std::vector<int> open_fds;
  std::vector<std::thread> threads;
  bool stopping = false;
};

std::string FaultProxy::Seen::header(std::string_view name) const {
  for (const auto& [field, value] : headers) {
    if (beast::iequals(field, name)) return value;
  }
  return "";
}

FaultProxy::FaultProxy(Options options)
    : options_(options),
      listener_(::socket(AF_INET, SOCK_STREAM, 0)),
      shared_(std::make_shared<Shared>()) {
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  if (listener_ < 0 || ::bind(listener_, reinterpret_cast<sockaddr*>(&address), length) != 0 ||
      ::listen(listener_, 64) != 0 ||
      ::getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
    throw std::runtime_error("fault proxy: cannot listen on loopback");
  }
  port_ = ntohs(address.sin_port);
  acceptor_ = std::thread([this] { accept_loop(); });
}

FaultProxy::~FaultProxy() {
  {
    const std::scoped_lock lock(shared_->mutex);
    shared_->stopping = true;
    for (const int fd : shared_->open_fds) ::shutdown(fd, SHUT_RDWR);
  }
  ::shutdown(listener_, SHUT_RDWR);  // wakes accept()
  acceptor_.join();
  ::close(listener_);
  std::vector<std::thread> threads;
  {
    const std::scoped_lock lock(shared_->mutex);
    threads = std::move(shared_->threads);
  }
  for (auto& thread : threads) thread.join();
}

std::string FaultProxy::endpoint() const {
  return "http://127.0.0.1:" + std::to_string(port_);
}

std::vector<FaultProxy::Seen> FaultProxy::requests() const {
  const std::scoped_lock lock(shared_->mutex);
  return shared_->seen;
}

void FaultProxy::accept_loop() {
  while (true) {
    const int fd = ::accept(listener_, nullptr, nullptr);
    if (fd < 0) return;  // shut down
    const std::scoped_lock lock(shared_->mutex);
    if (shared_->stopping) {
      ::close(fd);
      return;
    }
    connections_.fetch_add(1);
    shared_->open_fds.push_back(fd);
    shared_->threads.emplace_back([this, fd] { serve(fd); });
  }
}

void FaultProxy::serve(int client_fd) {
  asio::io_context context;
  tcp::socket client(context);
  client.assign(tcp::v4(), client_fd);
  std::optional<tcp::socket> upstream;
  beast::flat_buffer client_buffer;
  beast::flat_buffer upstream_buffer;
  beast::error_code ec;
  while (true) {
    http::request<http::string_body> request;
    http::read(client, client_buffer, request, ec);
    if (ec) break;
    Seen seen{.method = std::string(request.method_string()),
              .target = std::string(request.target())};
    for (const auto& field : request) {
      seen.headers.emplace_back(std::string(field.name_string()), std::string(field.value()));
    }
    bool fail = false;
    {
      const std::scoped_lock lock(shared_->mutex);
      fail = shared_->seen.size() < options_.failing;
      seen.failed = fail;
      shared_->seen.push_back(std::move(seen));
    }
    if (fail && options_.fault == Fault::CloseConnection) break;
    if (fail) {
      http::response<http::string_body> answer{static_cast<http::status>(options_.status), 11};
      answer.set(http::field::content_type, "application/xml");
      if (request.method() != http::verb::head) {
        answer.body() =
            "<Error><Code>InjectedFault</Code><Message>failed on purpose</Message></Error>";
      }
      answer.prepare_payload();
      answer.keep_alive(request.keep_alive());
      http::write(client, answer, ec);
      if (ec || !request.keep_alive()) break;
      continue;
    }
    if (!upstream) {
      upstream.emplace(context);
      upstream->connect(tcp::endpoint(asio::ip::address_v4::loopback(), options_.upstream_port),
                        ec);
      if (ec) break;
      upstream_buffer.clear();
    }
    http::write(*upstream, request, ec);
    if (ec) break;
    http::response_parser<http::string_body> parser;
    parser.body_limit(boost::none);
    parser.skip(request.method() == http::verb::head);
    http::read(*upstream, upstream_buffer, parser, ec);
    if (ec) break;
    auto answer = parser.release();
    const bool keep = answer.keep_alive() && request.keep_alive();
    if (!answer.keep_alive()) upstream.reset();
    http::write(client, answer, ec);
    if (ec || !keep) break;
  }
  client.shutdown(tcp::socket::shutdown_both, ec);
  {
    const std::scoped_lock lock(shared_->mutex);
    std::erase(shared_->open_fds, client_fd);
  }
  client.close(ec);
}

}  // namespace artshop::testing
