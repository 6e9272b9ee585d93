#include "support/http_client.hpp"

#include <arpa/inet.h>
#include <curl/curl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <memory>
#include <regex>
#include <stdexcept>
#include <system_error>

namespace artshop::testing {
namespace {

unsigned char lower(char c) {
  return static_cast<unsigned char>(std::tolower(static_cast<unsigned char>(c)));
}

bool iequals(std::string_view a, std::string_view b) {
  return std::ranges::equal(a, b, [](char x, char y) { return lower(x) == lower(y); });
}

std::string_view trim(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

size_t collect_body(char* data, size_t size, size_t count, void* user) {
  static_cast<std::string*>(user)->append(data, size * count);
  return size * count;
}

// Called per header line; a status line starts a new response (after "100 Continue").
size_t collect_header(char* data, size_t size, size_t count, void* user) {
  auto& headers = *static_cast<HeaderMap*>(user);
  const std::string_view line(data, size * count);
  if (line.starts_with("HTTP/")) {
    headers.clear();
  } else if (const auto colon = line.find(':'); colon != std::string_view::npos) {
    const std::string name(trim(line.substr(0, colon)));
    const auto value = trim(line.substr(colon + 1));
    auto [entry, inserted] = headers.try_emplace(name, value);
    if (!inserted) entry->second.append(", ").append(value);
  }
  return size * count;
}

void check(CURLcode code) {
  if (code != CURLE_OK) throw std::runtime_error(curl_easy_strerror(code));
}

}  // namespace

bool CaseInsensitiveLess::operator()(std::string_view a, std::string_view b) const noexcept {
  return std::ranges::lexicographical_compare(a, b,
                                              [](char x, char y) { return lower(x) < lower(y); });
}

std::string HttpResponse::header(std::string_view name) const {
  const auto found = headers.find(name);
  return found == headers.end() ? std::string{} : found->second;
}

HttpResponse request(std::string_view method, const std::string& url, std::string_view body,
                     const RequestHeaders& headers) {
  static const bool initialised = curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK;
  if (!initialised) throw std::runtime_error("curl_global_init failed");
  const std::unique_ptr<CURL, decltype(&curl_easy_cleanup)> curl(curl_easy_init(),
                                                                 curl_easy_cleanup);
  std::unique_ptr<curl_slist, decltype(&curl_slist_free_all)> list(nullptr, curl_slist_free_all);
  bool has_content_type = false;
  for (const auto& [name, value] : headers) {
    has_content_type = has_content_type || iequals(name, "Content-Type");
    list.reset(curl_slist_append(list.release(), (name + ": " + value).c_str()));
  }
  // libcurl would label a body as a form otherwise.
  if (!has_content_type) list.reset(curl_slist_append(list.release(), "Content-Type:"));

  HttpResponse response;
  const std::string method_name(method);
  CURL* handle = curl.get();
  check(curl_easy_setopt(handle, CURLOPT_URL, url.c_str()));
  check(curl_easy_setopt(handle, CURLOPT_PATH_AS_IS, 1L));
  check(curl_easy_setopt(handle, CURLOPT_NOSIGNAL, 1L));
  check(curl_easy_setopt(handle, CURLOPT_TIMEOUT_MS, 30000L));
  check(curl_easy_setopt(handle, CURLOPT_HTTPHEADER, list.get()));
  if (method == "HEAD") {
    check(curl_easy_setopt(handle, CURLOPT_NOBODY, 1L));
  } else if (method != "GET" || !body.empty()) {
    check(curl_easy_setopt(handle, CURLOPT_POSTFIELDSIZE_LARGE,
                           static_cast<curl_off_t>(body.size())));
    check(curl_easy_setopt(handle, CURLOPT_POSTFIELDS, body.data()));
  }
  check(curl_easy_setopt(handle, CURLOPT_CUSTOMREQUEST, method_name.c_str()));
  check(curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, collect_body));
  check(curl_easy_setopt(handle, CURLOPT_WRITEDATA, &response.body));
  check(curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, collect_header));
  check(curl_easy_setopt(handle, CURLOPT_HEADERDATA, &response.headers));
  check(curl_easy_perform(handle));
  check(curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &response.status));
  return response;
}

HttpResponse get(const std::string& url, const RequestHeaders& headers) {
  return request("GET", url, {}, headers);
}

HttpResponse post_json(const std::string& url, std::string_view json, RequestHeaders headers) {
  headers.emplace_back("Content-Type", "application/json");
  return request("POST", url, json, headers);
}

RawConnection::RawConnection(const std::string& host, unsigned short port) {
  fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd_ < 0) throw std::system_error(errno, std::generic_category(), "socket");
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  if (::inet_pton(AF_INET, host.c_str(), &address.sin_addr) != 1 ||
      ::connect(fd_, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    const int error = errno;
    ::close(fd_);
    throw std::system_error(error, std::generic_category(), "connect to " + host);
  }
}

RawConnection::~RawConnection() {
  ::close(fd_);
}

void RawConnection::send(std::string_view bytes) {
  while (!bytes.empty()) {
    const auto sent = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (sent < 0) throw std::system_error(errno, std::generic_category(), "send");
    bytes.remove_prefix(static_cast<std::size_t>(sent));
  }
}

std::string RawConnection::receive(std::chrono::milliseconds idle_timeout) {
  std::string received;
  std::array<char, 16384> chunk{};
  pollfd ready{.fd = fd_, .events = POLLIN, .revents = 0};
  while (::poll(&ready, 1, static_cast<int>(idle_timeout.count())) > 0) {
    const auto n = ::recv(fd_, chunk.data(), chunk.size(), 0);
    closed_by_peer_ = n <= 0;
    if (closed_by_peer_) break;  // closed or reset by the peer
    received.append(chunk.data(), static_cast<std::size_t>(n));
  }
  return received;
}

std::string RawConnection::receive_until(std::string_view text, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  std::string received;
  char byte = 0;
  pollfd ready{.fd = fd_, .events = POLLIN, .revents = 0};
  // One byte at a time, so nothing after `text` is taken from a later receive().
  while (received.find(text) == std::string::npos) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0 || ::poll(&ready, 1, static_cast<int>(left.count())) <= 0) break;
    closed_by_peer_ = ::recv(fd_, &byte, 1, 0) <= 0;
    if (closed_by_peer_) break;
    received.push_back(byte);
  }
  return received;
}

namespace {

// The first group of every match of `pattern` in `text`, or the whole match without a group.
std::vector<std::string> all_matches(const std::string& text, const std::regex& pattern) {
  std::vector<std::string> found;
  for (std::sregex_iterator it(text.begin(), text.end(), pattern), end; it != end; ++it) {
    found.push_back(it->size() > 1 ? (*it)[1].str() : it->str());
  }
  return found;
}

}  // namespace

std::vector<std::string> status_lines(const std::string& received) {
  static const std::regex status_line(R"(HTTP/1\.[01] \d{3}[^\r]*)");
  return all_matches(received, status_line);
}

std::vector<std::string> request_ids(const std::string& received) {
  static const std::regex request_id("\r\nX-Request-Id: ([^\r]*)\r\n");
  return all_matches(received, request_id);
}

std::string raw_exchange(const std::string& host, unsigned short port, std::string_view bytes,
                         std::chrono::milliseconds idle_timeout) {
  RawConnection connection(host, port);
  connection.send(bytes);
  return connection.receive(idle_timeout);
}

}  // namespace artshop::testing
