#include "payments_test_support.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <array>
#include <cctype>
#include <stdexcept>
#include <system_error>

namespace artshop::payments::test_support {

namespace {

constexpr std::size_t kMaxRequestBytes = std::size_t{4} * 1024 * 1024;

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

void send_all(int connection, std::string_view bytes) {
  while (!bytes.empty()) {
    const auto sent = ::send(connection, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (sent <= 0) return;
    bytes.remove_prefix(static_cast<std::size_t>(sent));
  }
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  throw std::invalid_argument("broken percent escape");
}

std::string decode_component(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '+') {
      out += ' ';
    } else if (text[i] == '%' && i + 2 < text.size()) {
      out += static_cast<char>(hex_value(text[i + 1]) * 16 + hex_value(text[i + 2]));
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

}  // namespace

std::string RecordedRequest::header(std::string_view name) const {
  const auto found = headers.find(lower(name));
  return found == headers.end() ? std::string() : found->second;
}

LoopbackHttpServer::LoopbackHttpServer(Responder responder) : responder_(std::move(responder)) {
  listener_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (listener_ < 0) throw std::system_error(errno, std::system_category(), "socket");
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = 0;  // the kernel picks a free port
  socklen_t length = sizeof address;
  if (::bind(listener_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
      ::listen(listener_, 16) != 0 ||
      ::getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
    const int error = errno;
    ::close(listener_);
    throw std::system_error(error, std::system_category(), "bind/listen");
  }
  port_ = ntohs(address.sin_port);
  thread_ = std::thread([this] { serve(); });
}

LoopbackHttpServer::~LoopbackHttpServer() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  ::shutdown(listener_, SHUT_RDWR);  // wakes the poll at once on Linux
  thread_.join();
  ::close(listener_);
}

std::string LoopbackHttpServer::url(std::string_view path) const {
  return "http://127.0.0.1:" + std::to_string(port_) + std::string(path);
}

std::vector<RecordedRequest> LoopbackHttpServer::received() const {
  std::lock_guard lock(mutex_);
  return requests_;
}

std::vector<RecordedRequest> LoopbackHttpServer::wait_for(std::size_t count,
                                                          std::chrono::seconds within) {
  std::unique_lock lock(mutex_);
  arrived_.wait_for(lock, within, [&] { return requests_.size() >= count; });
  return requests_;
}

void LoopbackHttpServer::serve() {
  while (true) {
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return;
    }
    // Polled with a timeout too, so that the destructor is noticed whatever wakes it.
    pollfd ready{.fd = listener_, .events = POLLIN, .revents = 0};
    if (::poll(&ready, 1, 50) <= 0) continue;
    const int connection = ::accept4(listener_, nullptr, nullptr, SOCK_CLOEXEC);
    if (connection < 0) continue;
    timeval timeout{.tv_sec = 5, .tv_usec = 0};
    ::setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    handle(connection);
    ::close(connection);
  }
}

void LoopbackHttpServer::handle(int connection) {
  std::string data;
  std::array<char, std::size_t{16} * 1024> buffer{};
  std::size_t header_end = std::string::npos;
  std::size_t content_length = 0;
  RecordedRequest request;
  while (data.size() < kMaxRequestBytes) {
    if (header_end == std::string::npos) {
      header_end = data.find("\r\n\r\n");
      if (header_end != std::string::npos) {
        std::string_view head = std::string_view(data).substr(0, header_end);
        const auto first_line_end = head.find("\r\n");
        const std::string_view first_line = head.substr(0, first_line_end);
        const auto space = first_line.find(' ');
        request.method = std::string(first_line.substr(0, space));
        request.target =
            std::string(first_line.substr(space + 1, first_line.rfind(' ') - space - 1));
        head = first_line_end == std::string_view::npos ? std::string_view{}
                                                        : head.substr(first_line_end + 2);
        while (!head.empty()) {
          const auto line_end = head.find("\r\n");
          const std::string_view line = head.substr(0, line_end);
          head =
              line_end == std::string_view::npos ? std::string_view{} : head.substr(line_end + 2);
          const auto colon = line.find(':');
          if (colon == std::string_view::npos) continue;
          request.headers[lower(trim(line.substr(0, colon)))] =
              std::string(trim(line.substr(colon + 1)));
        }
        const std::string length = request.header("content-length");
        content_length = length.empty() ? 0 : std::stoul(length);
      }
    }
    if (header_end != std::string::npos && data.size() >= header_end + 4 + content_length) break;
    const auto got = ::recv(connection, buffer.data(), buffer.size(), 0);
    if (got <= 0) return;  // the client gave up: nothing to record
    data.append(buffer.data(), static_cast<std::size_t>(got));
  }
  if (header_end == std::string::npos) return;
  request.body = data.substr(header_end + 4, content_length);

  const CannedAnswer answer = responder_ ? responder_(request) : CannedAnswer{};
  {
    std::lock_guard lock(mutex_);
    requests_.push_back(request);
  }
  arrived_.notify_all();
  send_all(connection, "HTTP/1.1 " + std::to_string(answer.status) +
                           " Canned\r\nContent-Type: application/json\r\nContent-Length: " +
                           std::to_string(answer.body.size()) + "\r\nConnection: close\r\n\r\n" +
                           answer.body);
}

StripeDouble::StripeDouble()
    : server_([this](const RecordedRequest& request) { return answer(request); }) {}

std::vector<RecordedRequest> StripeDouble::received_at(std::string_view path) const {
  std::vector<RecordedRequest> found;
  for (auto& request : server_.received()) {
    if (request.target == path) found.push_back(std::move(request));
  }
  return found;
}

std::size_t StripeDouble::refunds_made() const {
  std::lock_guard lock(mutex_);
  return refunds_by_key_.size();
}

void StripeDouble::make_refunds(std::string status) {
  std::lock_guard lock(mutex_);
  refund_status_ = std::move(status);
}

void StripeDouble::refuse_refunds(std::string message) {
  std::lock_guard lock(mutex_);
  refusal_ = std::move(message);
}

CannedAnswer StripeDouble::answer(const RecordedRequest& request) {
  if (request.method == "POST" && request.target == "/v1/checkout/sessions") {
    const auto reference = decode_form(request.body)["client_reference_id"];
    return {
        .status = 200,
        .body =
            R"({"id":"cs_test_)" + reference +
            R"(","object":"checkout.session","status":"open","url":"https://checkout.stripe.test/c/pay/cs_test_)" +
            reference + R"("})"};
  }
  if (request.method == "POST" && request.target == "/v1/refunds") return refund(request);
  return {
      .status = 404,
      .body =
          R"({"error":{"message":"Unrecognized request URL.","type":"invalid_request_error"}})"};
}

CannedAnswer StripeDouble::refund(const RecordedRequest& request) {
  std::lock_guard lock(mutex_);
  if (!refusal_.empty()) {
    return {.status = 400,
            .body = R"({"error":{"message":")" + refusal_ +
                    R"(","type":"invalid_request_error","code":"charge_already_refunded"}})"};
  }
  const auto key = request.header("Idempotency-Key");
  if (const auto earlier = refunds_by_key_.find(key);
      !key.empty() && earlier != refunds_by_key_.end()) {
    return {.status = 200, .body = earlier->second};
  }
  auto form = decode_form(request.body);
  const auto id = "re_test_" + std::to_string(refunds_by_key_.size() + 1);
  auto body = R"({"id":")" + id + R"(","object":"refund","amount":)" + form["amount"] +
              R"(,"currency":"eur","payment_intent":")" + form["payment_intent"] +
              R"(","status":")" + refund_status_ + R"(","metadata":{"reference":")" +
              form["metadata[reference]"] + R"("}})";
  refunds_by_key_[key.empty() ? id : key] = body;
  return {.status = 200, .body = std::move(body)};
}

std::map<std::string, std::string> decode_form(std::string_view body) {
  std::map<std::string, std::string> fields;
  while (!body.empty()) {
    const auto ampersand = body.find('&');
    const std::string_view pair = body.substr(0, ampersand);
    body = ampersand == std::string_view::npos ? std::string_view{} : body.substr(ampersand + 1);
    const auto equals = pair.find('=');
    fields[decode_component(pair.substr(0, equals))] =
        equals == std::string_view::npos ? std::string()
                                         : decode_component(pair.substr(equals + 1));
  }
  return fields;
}

}  // namespace artshop::payments::test_support
