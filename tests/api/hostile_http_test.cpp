// Hostile HTTP against the real server: request smuggling, malformed framing and encodings,
// absurd JSON, forged log lines and slow clients each get a clear 4xx or a closed connection,
// never a crash or a stall.
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <string>
#include <vector>

#include "support/http_client.hpp"
#include "support/server_process.hpp"

namespace artshop::testing {
namespace {

using namespace std::chrono_literals;

class HostileHttp : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { server = new ServerProcess(); }
  static void TearDownTestSuite() {
    delete server;
    server = nullptr;
  }

  static std::string exchange(std::string_view bytes) {
    return raw_exchange("127.0.0.1", server->port(), bytes, 3s);
  }
  static std::string status_line(const std::string& received) {
    return received.substr(0, received.find("\r\n"));
  }
  // The server still answers ordinary requests afterwards.
  static void expect_alive() { EXPECT_EQ(get(server->url("/healthz")).status, 200); }

  static ServerProcess* server;
};
ServerProcess* HostileHttp::server = nullptr;

std::string login_with(std::string_view framing_headers, std::string_view body) {
  return "POST /api/Accounts/login HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\n" +
         std::string(framing_headers) + "\r\n" + std::string(body);
}

TEST_F(HostileHttp, TransferEncodingsOtherThanChunked_AreRefused) {
  for (const auto* framing : {"Transfer-Encoding: gzip\r\n", "Transfer-Encoding: gzip, chunked\r\n",
                              "Transfer-Encoding: chunked, identity\r\n",
                              "Transfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n"}) {
    EXPECT_EQ(status_line(exchange(login_with(framing, "0\r\n\r\n"))), "HTTP/1.1 400 Bad Request")
        << framing;
  }
  expect_alive();
}

TEST_F(HostileHttp, AmbiguousBodyLengths_AreRefusedNotGuessed) {
  // Each pair of framings is how one request becomes two behind a proxy that reads the other.
  for (const auto* framing :
       {"Content-Length: 2\r\nContent-Length: 40\r\n", "Content-Length: 2\r\nContent-Length: 2\r\n",
        "Content-Length: 2\r\nTransfer-Encoding: chunked\r\n",
        "Transfer-Encoding: chunked\r\nContent-Length: 2\r\n", "Content-Length: -1\r\n",
        "Content-Length: 2x\r\n"}) {
    EXPECT_EQ(status_line(exchange(login_with(framing, "{}"))), "HTTP/1.1 400 Bad Request")
        << framing;
  }
  expect_alive();
}

TEST_F(HostileHttp, MalformedChunks_AreRefused) {
  for (const auto* body :
       {"zz\r\n{}\r\n0\r\n\r\n", "2\r\n{}XX0\r\n\r\n", "ffffffffffffffffff\r\n{}\r\n0\r\n\r\n"}) {
    EXPECT_EQ(status_line(exchange(login_with("Transfer-Encoding: chunked\r\n", body))),
              "HTTP/1.1 400 Bad Request")
        << body;
  }
  expect_alive();
}

TEST_F(HostileHttp, InvalidUtf8AndAbsurdlyDeepJson_Answer400) {
  const std::string invalid_utf8 = "{\"email\":\"\xff\xfe@example.com\",\"password\":\"x\"}";
  EXPECT_EQ(post_json(server->url("/api/Accounts/login"), invalid_utf8).status, 400);
  const std::string deep = std::string(10'000, '[') + std::string(10'000, ']');
  EXPECT_EQ(post_json(server->url("/api/Accounts/login"), deep).status, 400);
  const std::string deep_objects = [] {
    std::string text;
    for (int i = 0; i < 10'000; ++i) text += "{\"a\":";
    return text + "1" + std::string(10'000, '}');
  }();
  EXPECT_EQ(post_json(server->url("/api/Accounts/register"), deep_objects).status, 400);
  expect_alive();
}

TEST_F(HostileHttp, HugeIntegerParameters_AreRangeCheckedBeforeArithmetic) {
  for (const auto* query : {"Page=2147483647&PageSize=96", "Page=99999999999999999999", "Page=-1",
                            "PageSize=2147483647"}) {
    const auto response = get(server->url(std::string("/api/offers?Currency=EUR&") + query));
    EXPECT_EQ(response.status, 400) << query << ": " << response.body;
  }
  // Price bounds far past any price are a valid, empty search, not an overflow.
  const auto far =
      get(server->url("/api/offers?Currency=JPY&From=9999999999999999&To=99999999999999999"));
  EXPECT_TRUE(far.status == 200 || far.status == 400) << far.body;
  expect_alive();
}

TEST_F(HostileHttp, ControlCharactersInARequest_NeverForgeALogLine) {
  get(server->url("/api/offers%0d%0aFORGED%20log%20line%0a?Currency=EUR"));
  exchange("GET /healthz HTTP/1.1\r\nHost: shop\r\nX-Request-Id: abc\r\n\r\n");
  const auto log = server->log_text();
  EXPECT_EQ(log.find("\nFORGED"), std::string::npos) << log;
  EXPECT_NE(log.find("/api/offers\\x0d\\x0aFORGED log line\\x0a"), std::string::npos) << log;
}

// Opens a connection and sends the start of a request that never ends.
int slow_client(unsigned short port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    ::close(fd);
    return -1;
  }
  constexpr std::string_view kStart =
      "GET /api/offers?Currency=EUR HTTP/1.1\r\nHost: shop\r\nX-Slow: ";
  if (::send(fd, kStart.data(), kStart.size(), MSG_NOSIGNAL) < 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

TEST(SlowClients, FiveHundredSlowLorisConnectionsAreClosedWhileOthersAreServed) {
  ServerProcess server({.env = {{"ARTSHOP_READ_TIMEOUT_SECONDS", "2"}}});
  std::vector<pollfd> slow;
  for (int i = 0; i < 500; ++i) {
    const int fd = slow_client(server.port());
    ASSERT_GE(fd, 0) << "connection " << i;
    slow.push_back({.fd = fd, .events = POLLIN, .revents = 0});
  }
  // Normal requests are answered while the slow ones hold their connections.
  for (int i = 0; i < 20; ++i) {
    ASSERT_EQ(get(server.url("/healthz")).status, 200);
    ASSERT_EQ(get(server.url("/api/categories")).status, 200);
  }
  // Every slow connection is closed by the server once its read timeout passes.
  std::size_t closed = 0;
  const auto deadline = std::chrono::steady_clock::now() + 20s;
  while (closed < slow.size() && std::chrono::steady_clock::now() < deadline) {
    ::poll(slow.data(), slow.size(), 500);
    for (auto& connection : slow) {
      if (connection.fd < 0 || connection.revents == 0) continue;
      std::array<char, 512> buffer{};
      if (::recv(connection.fd, buffer.data(), buffer.size(), 0) <= 0) {
        ::close(connection.fd);
        connection.fd = -1;  // poll skips negative descriptors
        ++closed;
      }
    }
  }
  for (const auto& connection : slow) {
    if (connection.fd >= 0) ::close(connection.fd);
  }
  EXPECT_EQ(closed, slow.size());
  EXPECT_EQ(get(server.url("/healthz")).status, 200);
}

}  // namespace
}  // namespace artshop::testing
