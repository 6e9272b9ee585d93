// Hostile HTTP against the real server: request smuggling, malformed framing and encodings,
// absurd JSON, forged log lines, slow clients and deep pipelines each get a clear 4xx, a closed
// connection or a bounded share of the server, never a crash or a stall.
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <future>
#include <string>
#include <utility>
#include <vector>

#include "adapter/payments_test_support.hpp"
#include "shop_api.hpp"
#include "support/http_client.hpp"
#include "support/server_process.hpp"

namespace artshop::testing {
namespace {

using namespace std::chrono_literals;

// What came back on a raw connection.
struct Received {
  std::string bytes;
  bool closed = false;  // by the server, rather than left open
};

class HostileHttp : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { server = new ServerProcess(); }
  static void TearDownTestSuite() {
    delete server;
    server = nullptr;
  }

  static Received exchange(std::string_view bytes) {
    RawConnection connection("127.0.0.1", server->port());
    connection.send(bytes);
    auto received = connection.receive(3s);
    return {std::move(received), connection.closed_by_peer()};
  }
  // The server still answers ordinary requests afterwards.
  static void expect_alive() { EXPECT_EQ(get(server->url("/healthz")).status, 200); }

  static ServerProcess* server;
};
ServerProcess* HostileHttp::server = nullptr;

// What a reader that frames the body otherwise would take for a second request.
constexpr std::string_view kHidden = "GET /readyz HTTP/1.1\r\nHost: shop\r\n\r\n";

// A call that answers 200 to anything, with `framing` in its head and then `body`, which a
// reader that frames it otherwise takes for a body of another length, or for none.
std::string smuggling(std::string_view framing, std::string_view body = "0\r\n\r\n") {
  return "GET /healthz HTTP/1.1\r\nHost: shop\r\n" + std::string(framing) + "\r\n" +
         std::string(body) + std::string(kHidden);
}

// The body of an answer a raw connection received, as JSON.
json::value body_of(const std::string& received) {
  const auto head_end = received.find("\r\n\r\n");
  if (head_end == std::string::npos) return nullptr;
  boost::system::error_code ec;
  auto body = json::parse(received.substr(head_end + 4), ec);
  return ec ? json::value(received.substr(head_end + 4)) : body;
}

json::value general_error(std::string_view message) {
  return {{"title", "Validation failed"},
          {"status", 400},
          {"errors", {{"", json::array{json::string(message)}}}}};
}

// The framing refusal: the only answer on the connection, a 400 with the rule's own message
// (no handler's answer), and the connection closed after it, so what follows the head is never
// read as a request.
void expect_framing_refused(const Received& received, std::string_view message,
                            std::string_view status_line = "HTTP/1.1 400 Bad Request") {
  EXPECT_EQ(status_lines(received.bytes), std::vector<std::string>{std::string(status_line)})
      << received.bytes;
  EXPECT_EQ(body_of(received.bytes), general_error(message)) << received.bytes;
  if (status_line.starts_with("HTTP/1.1")) {
    EXPECT_NE(received.bytes.find("\r\nConnection: close\r\n"), std::string::npos)
        << received.bytes;
  }
  EXPECT_TRUE(received.closed) << "the connection was left open";
}

constexpr std::string_view kHost = "Host must be sent exactly once.";

TEST_F(HostileHttp, TransferEncodingsOtherThanChunked_AreRefusedAndWhatFollowsIsNeverAnswered) {
  for (const auto* framing :
       {"Transfer-Encoding: gzip\r\n", "Transfer-Encoding: identity\r\n",
        "Transfer-Encoding: xchunked\r\n", "Transfer-Encoding: gzip, chunked\r\n",
        "Transfer-Encoding: chunked, identity\r\n",
        "Transfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n",
        "Transfer-Encoding: identity\r\nTransfer-Encoding: chunked\r\n"}) {
    SCOPED_TRACE(framing);
    expect_framing_refused(exchange(smuggling(framing)),
                           "Transfer-Encoding other than chunked is not supported.");
  }
  expect_alive();
}

TEST_F(HostileHttp, AmbiguousBodyLengths_AreRefusedNotGuessed) {
  // Each pair of framings is how one request becomes two behind a proxy that reads the other.
  // The body, "0\r\n\r\n", is five bytes long and an empty chunked body at once.
  for (const auto* framing : {"Content-Length: 5\r\nTransfer-Encoding: chunked\r\n",
                              "Transfer-Encoding: chunked\r\nContent-Length: 5\r\n",
                              "Transfer-Encoding: gzip\r\nContent-Length: 5\r\n"}) {
    SCOPED_TRACE(framing);
    expect_framing_refused(exchange(smuggling(framing)),
                           "Transfer-Encoding and Content-Length cannot be sent together.");
  }
  // Equal lengths are refused too: there is one way to say a length, and one way to read it.
  for (const auto* framing :
       {"Content-Length: 5\r\nContent-Length: 40\r\n", "Content-Length: 5\r\nContent-Length: 5\r\n",
        "Content-Length: 5, 5\r\n", "Content-Length: -1\r\n", "Content-Length: 5x\r\n",
        "Content-Length: 99999999999999999999\r\n"}) {
    SCOPED_TRACE(framing);
    expect_framing_refused(exchange(smuggling(framing)),
                           "Content-Length must be sent once, as one number.");
  }
  expect_alive();
}

TEST_F(HostileHttp, Http11WithoutExactlyOneHost_IsRefused) {
  expect_framing_refused(exchange("GET /healthz HTTP/1.1\r\n\r\n" + std::string(kHidden)), kHost);
  expect_framing_refused(
      exchange("GET /healthz HTTP/1.1\r\nHost: shop\r\nHost: evil\r\n\r\n" + std::string(kHidden)),
      kHost);
  // HTTP/1.0 may leave Host out, but never send two; nor may it send a transfer coding, which
  // its readers do not know.
  expect_framing_refused(
      exchange("GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\nHost: a\r\nHost: b\r\n\r\n" +
               std::string(kHidden)),
      kHost, "HTTP/1.0 400 Bad Request");
  expect_framing_refused(
      exchange(
          "GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\nTransfer-Encoding: chunked\r\n\r\n"
          "0\r\n\r\n" +
          std::string(kHidden)),
      "Transfer-Encoding is not allowed in an HTTP/1.0 request.", "HTTP/1.0 400 Bad Request");
  expect_alive();
}

TEST_F(HostileHttp, AChunkedBody_IsReadWholeAndTheNextRequestAnswered) {
  // The login reads the body (an unknown account: its own 400), then the next request is read
  // right where the chunks end.
  const auto received = exchange(
      "POST /api/Accounts/login HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\n"
      "Transfer-Encoding: chunked\r\n\r\n"
      "1e\r\n{\"email\":\"nobody@example.com\",\r\n"
      "18\r\n\"password\":\"x1y2z3w4v5\"}\r\n0\r\n\r\n"
      "GET /readyz HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(status_lines(received.bytes),
            (std::vector<std::string>{"HTTP/1.1 400 Bad Request", "HTTP/1.1 200 OK"}))
      << received.bytes;
  EXPECT_NE(received.bytes.find(R"({"":["The e-mail or password is incorrect."]})"),
            std::string::npos)
      << received.bytes;
  EXPECT_TRUE(received.bytes.ends_with(R"({"status":"ready"})")) << received.bytes;
}

TEST_F(HostileHttp, MalformedChunks_AreRefusedAndWhatFollowsIsNeverAnswered) {
  for (const auto* body :
       {"zz\r\n{}\r\n0\r\n\r\n", "2\r\n{}XX0\r\n\r\n", "ffffffffffffffffff\r\n{}\r\n0\r\n\r\n"}) {
    SCOPED_TRACE(body);
    const auto received = exchange(smuggling("Transfer-Encoding: chunked\r\n", body));
    EXPECT_EQ(status_lines(received.bytes), std::vector<std::string>{"HTTP/1.1 400 Bad Request"})
        << received.bytes;
    EXPECT_EQ(body_of(received.bytes), json::parse(R"({"title":"Bad Request","status":400})"));
    EXPECT_TRUE(received.closed) << "the connection was left open";
  }
  expect_alive();
}

TEST_F(HostileHttp, InvalidUtf8AndAbsurdlyDeepJson_AreRefusedAsNotJson) {
  // Each is refused by the JSON parser (UTF-8 checked, depth limited), before any field is read.
  const auto not_json = general_error("The request body is not valid JSON.");
  const std::string invalid_utf8 = "{\"email\":\"\xff\xfe@example.com\",\"password\":\"x\"}";
  const auto garbled = post_json(server->url("/api/Accounts/login"), invalid_utf8);
  EXPECT_EQ(garbled.status, 400);
  EXPECT_EQ(json::parse(garbled.body), not_json) << garbled.body;
  const std::string deep = std::string(10'000, '[') + std::string(10'000, ']');
  const auto arrays = post_json(server->url("/api/Accounts/login"), deep);
  EXPECT_EQ(arrays.status, 400);
  EXPECT_EQ(json::parse(arrays.body), not_json) << arrays.body;
  const std::string deep_objects = [] {
    std::string text;
    for (int i = 0; i < 10'000; ++i) text += "{\"a\":";
    return text + "1" + std::string(10'000, '}');
  }();
  const auto objects = post_json(server->url("/api/Accounts/register"), deep_objects);
  EXPECT_EQ(objects.status, 400);
  EXPECT_EQ(json::parse(objects.body), not_json) << objects.body;
  expect_alive();
}

// The names of the fields a 400 holds errors for.
std::vector<std::string> fields_in_error(const HttpResponse& response) {
  const auto body = json::parse(response.body);
  std::vector<std::string> names;
  for (const auto& field : body.at("errors").as_object()) {
    names.emplace_back(field.key());
  }
  return names;
}

TEST_F(HostileHttp, HugeIntegerParameters_AreRangeCheckedBeforeArithmetic) {
  for (const auto& [query, field] : {std::pair{"Page=2147483647&PageSize=96", "Page"},
                                     {"Page=99999999999999999999", "Page"},
                                     {"Page=-1", "Page"},
                                     {"PageSize=2147483647", "PageSize"}}) {
    const auto response = get(server->url(std::string("/api/offers?Currency=EUR&") + query));
    EXPECT_EQ(response.status, 400) << query << ": " << response.body;
    EXPECT_EQ(fields_in_error(response), std::vector<std::string>{field}) << response.body;
  }
  // Price bounds far past any price are a valid, empty search, not an overflow.
  const auto far =
      get(server->url("/api/offers?Currency=JPY&From=9999999999999999&To=99999999999999999"));
  EXPECT_EQ(far.status, 200) << far.body;
  EXPECT_EQ(json::parse(far.body).at("items"), json::array{}) << far.body;
  expect_alive();
}

TEST_F(HostileHttp, ControlCharactersInARequest_NeverForgeALogLine) {
  get(server->url("/api/offers%0d%0aFORGED%20log%20line%0a?Currency=EUR"));
  ASSERT_TRUE(server->wait_for_log("/api/offers\\x0d\\x0aFORGED log line\\x0a", 5s))
      << server->log_text();
  const auto log = server->log_text();
  EXPECT_EQ(log.find("\nFORGED"), std::string::npos) << log;
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
  // Every slow connection is closed by the server once its read timeout passes, without an
  // answer: not refused at once (a 503 past the connection cap, a 400) but held, then dropped.
  std::size_t closed = 0;
  std::size_t answered = 0;
  const auto deadline = std::chrono::steady_clock::now() + 20s;
  while (closed < slow.size() && std::chrono::steady_clock::now() < deadline) {
    ::poll(slow.data(), slow.size(), 500);
    for (auto& connection : slow) {
      if (connection.fd < 0 || connection.revents == 0) continue;
      std::array<char, 512> buffer{};
      const auto received = ::recv(connection.fd, buffer.data(), buffer.size(), 0);
      if (received > 0) ++answered;
      if (received <= 0) {
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
  EXPECT_EQ(answered, 0U);
  EXPECT_EQ(get(server.url("/healthz")).status, 200);
}

// An image service that answers nothing until let go (or 30 s have passed), however the test
// ends: an image generation sent to it is a request the shop cannot answer yet.
class HeldImageService {
 public:
  HeldImageService()
      : service_([released = released_](const payments::test_support::RecordedRequest&) {
          released.wait_for(30s);
          return payments::test_support::CannedAnswer{500, "{}"};
        }) {}
  ~HeldImageService() { let_go(); }  // before service_ stops, which waits for its answer
  HeldImageService(const HeldImageService&) = delete;
  HeldImageService& operator=(const HeldImageService&) = delete;

  void let_go() {
    if (let_go_) return;
    let_go_ = true;
    release_.set_value();
  }
  std::string url() const { return service_.url(""); }

 private:
  std::promise<void> release_;
  std::shared_future<void> released_ = release_.get_future().share();
  bool let_go_ = false;
  payments::test_support::LoopbackHttpServer service_;
};

TEST(PipelinedRequests, AtMostEightAreReadAheadOfTheirAnswers_AndAllAreAnsweredInOrder) {
  HeldImageService images;
  ShopServer shop(false, {{"ARTSHOP_GENERATION_PROVIDER", "automatic1111"},
                          {"ARTSHOP_GENERATION_BASE_URL", images.url()}});
  const auto ann = shop.sign_up();
  const auto generation = json::serialize(json::object{{"prompt", "a lighthouse at dusk"},
                                                       {"style", "Watercolor"},
                                                       {"aspectRatio", "1x1"},
                                                       {"count", 1}});
  // Twenty requests in one write: first the generation, held, then quick ones, each answered
  // on its own as soon as it is read; answers leave in order, so none before the first.
  std::string requests =
      "POST /api/generated-images HTTP/1.1\r\nHost: shop\r\nAuthorization: Bearer " + ann.token +
      "\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(generation.size()) +
      "\r\n\r\n" + generation;
  for (int i = 2; i <= 20; ++i) {
    requests += "GET /healthz HTTP/1.1\r\nHost: shop\r\nX-Request-Id: pipe-" + std::to_string(i) +
                "\r\n" + (i == 20 ? "Connection: close\r\n" : "") + "\r\n";
  }
  RawConnection connection("127.0.0.1", shop.process().port());
  connection.send(requests);

  // Requests 2 to 8 are read and answered (their log lines are written as they are made)...
  ASSERT_TRUE(shop.process().wait_for_log("pipe-8 GET /healthz 200", 10s))
      << shop.process().log_text();
  // ...and the ninth is not read while eight are unanswered, however long that takes: a
  // request on another connection comes and goes meanwhile.
  EXPECT_EQ(get(shop.url("/healthz")).status, 200);
  EXPECT_EQ(shop.process().log_text().find("pipe-9 "), std::string::npos)
      << shop.process().log_text();

  // Once the first answer goes, the rest are read and answered, all of them, in order.
  images.let_go();
  const auto received = connection.receive(10s);
  const auto lines = status_lines(received);
  ASSERT_EQ(lines.size(), 20U) << received;
  EXPECT_EQ(lines.front(), "HTTP/1.1 400 Bad Request");  // the image service failed
  EXPECT_EQ(std::count(lines.begin(), lines.end(), "HTTP/1.1 200 OK"), 19);
  std::vector<std::string> in_order;
  for (int i = 2; i <= 20; ++i) in_order.push_back("pipe-" + std::to_string(i));
  const auto ids = request_ids(received);
  ASSERT_EQ(ids.size(), 20U) << received;
  EXPECT_EQ(std::vector<std::string>(ids.begin() + 1, ids.end()), in_order);
  EXPECT_TRUE(connection.closed_by_peer());
}

}  // namespace
}  // namespace artshop::testing
