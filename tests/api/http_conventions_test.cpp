// The HTTP conventions of DESIGN.md section 2, checked against the real `artshop serve`.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <chrono>
#include <csignal>
#include <functional>
#include <memory>
#include <regex>
#include <string>
#include <thread>

#include "support/http_client.hpp"
#include "support/server_process.hpp"
#include "support/temp_dir.hpp"

namespace artshop::testing {
namespace {

using namespace std::chrono_literals;

constexpr std::string_view kIndexHtml = "<!doctype html><title>Artshop</title><div id=root></div>";
constexpr std::string_view kAppJs = "console.log('artshop');\n";
constexpr std::string_view kAppJsGzip = "\x1f\x8b-stands-in-for-gzip";
constexpr std::string_view kAsset = "/assets/app-abc123.js";
constexpr std::string_view kContentSecurityPolicy =
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; "
    "base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

boost::json::value json_of(const HttpResponse& response) {
  return boost::json::parse(response.body);
}

// A front end as Vite builds it, plus a file next to it that must never be served.
std::unique_ptr<TempDir> make_site() {
  auto site = std::make_unique<TempDir>();
  site->write("static/index.html", kIndexHtml);
  site->write("static/assets/app-abc123.js", kAppJs);
  site->write("static/assets/app-abc123.js.gz", kAppJsGzip);
  site->write("secret.txt", "TOP SECRET");
  return site;
}

ServerProcessOptions serving(const TempDir& site) {
  ServerProcessOptions options;
  options.static_dir = site.path() / "static";
  return options;
}

class HttpConventions : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    shared_site = make_site();
    shared_server = std::make_unique<ServerProcess>(serving(*shared_site));
  }
  static void TearDownTestSuite() {
    shared_server.reset();
    shared_site.reset();
  }

  static std::string url(std::string_view path) { return shared_server->url(path); }
  static std::string raw(std::string_view bytes) {
    return raw_exchange("127.0.0.1", shared_server->port(), bytes);
  }

  inline static std::unique_ptr<TempDir> shared_site;
  inline static std::unique_ptr<ServerProcess> shared_server;
};

TEST_F(HttpConventions, EveryKindOfAnswer_CarriesTheSecurityHeaders) {
  const auto etag = get(url(kAsset)).header("ETag");
  const std::vector<std::pair<long, std::function<HttpResponse()>>> answers{
      {200, [] { return get(url(kAsset)); }},
      {200, [] { return get(url("/gallery/picture/x")); }},
      {304,
       [&] {
         return get(url(kAsset), {{"If-None-Match", etag}});
       }},
      {404, [] { return get(url("/api/no-such-thing")); }},
      {405, [] { return request("POST", url("/healthz")); }},
      {413, [] { return request("POST", url("/api/no-such-thing"), std::string(2 << 20, 'x')); }},
      {431,
       [] {
         return get(url("/healthz"), {{"X-Padding", std::string(std::size_t{9} * 1024, 'a')}});
       }},
      {200, [] { return get(url("/healthz")); }},
      {200, [] { return get(url("/metrics")); }},
  };
  for (const auto& [status, send] : answers) {
    const auto response = send();
    SCOPED_TRACE(std::to_string(status) + " " + response.body);
    EXPECT_EQ(response.status, status);
    EXPECT_EQ(response.header("Content-Security-Policy"), kContentSecurityPolicy);
    EXPECT_EQ(response.header("X-Content-Type-Options"), "nosniff");
    EXPECT_EQ(response.header("Referrer-Policy"), "strict-origin-when-cross-origin");
    EXPECT_EQ(response.header("X-Frame-Options"), "DENY");
    EXPECT_FALSE(response.has_header("Strict-Transport-Security"));  // not told it is behind TLS
    EXPECT_FALSE(response.header("X-Request-Id").empty());
    if (!response.body.empty()) {
      EXPECT_NE(response.header("Content-Type").find("charset=utf-8"), std::string::npos);
    }
  }
}

TEST_F(HttpConventions, UnknownApiPath_Answers404Json) {
  const auto response = get(url("/api/no-such-thing"));
  EXPECT_EQ(response.status, 404);
  EXPECT_EQ(response.header("Content-Type"), "application/json; charset=utf-8");
  EXPECT_EQ(json_of(response), boost::json::parse(R"({"title":"Not Found","status":404})"));
}

TEST_F(HttpConventions, ApiPaths_MatchWithoutRegardToCaseOrTrailingSlash) {
  EXPECT_EQ(get(url("/api/currencies")).status, 200);
  EXPECT_EQ(get(url("/API/Currencies/")).status, 200);
}

TEST_F(HttpConventions, WrongMethodOnKnownPath_Answers405WithAllow) {
  const auto api = request("DELETE", url("/api/currencies"));
  EXPECT_EQ(api.status, 405);
  EXPECT_EQ(api.header("Allow"), "GET, HEAD");
  EXPECT_EQ(json_of(api), boost::json::parse(R"({"title":"Method Not Allowed","status":405})"));

  EXPECT_EQ(request("POST", url("/healthz")).header("Allow"), "GET, HEAD");
  EXPECT_EQ(request("PUT", url("/gallery")).status, 405);
}

TEST_F(HttpConventions, NonJsonBody_Answers415AndMalformedJson400) {
  const auto login = url("/api/Accounts/login");
  EXPECT_EQ(request("POST", login, R"({"email":"a@b.c"})", {{"Content-Type", "text/plain"}}).status,
            415);
  for (const std::string_view body : {"{", "[1]", ""}) {
    const auto response = post_json(login, body);
    SCOPED_TRACE(std::string(body));
    EXPECT_EQ(response.status, 400);
    EXPECT_EQ(json_of(response).at("errors").at(""),
              boost::json::parse(R"(["The request body is not valid JSON."])"));
  }
}

TEST_F(HttpConventions, OversizedHeader_Answers431AndCloses) {
  RawConnection connection("127.0.0.1", shared_server->port());
  connection.send(
      "GET /healthz HTTP/1.1\r\nHost: t\r\nX-Padding: " + std::string(std::size_t{9} * 1024, 'a') +
      "\r\n\r\nGET /healthz HTTP/1.1\r\nHost: t\r\n\r\n");
  const auto received = connection.receive();
  ASSERT_EQ(status_lines(received),
            std::vector<std::string>{"HTTP/1.1 431 Request Header Fields Too Large"});
  EXPECT_NE(received.find("Connection: close"), std::string::npos);
  EXPECT_NE(received.find(R"({"title":"Request Header Fields Too Large","status":431})"),
            std::string::npos);
  EXPECT_TRUE(connection.closed_by_peer()) << "the connection was left open";
}

TEST_F(HttpConventions, OversizedBody_Answers413WithoutReadingIt) {
  // Only the head is sent: the answer cannot depend on the 2 MiB that never come.
  RawConnection connection("127.0.0.1", shared_server->port());
  connection.send(
      "POST /api/Accounts/login HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
      "Content-Length: 2097152\r\n\r\n");
  const auto received = connection.receive(10s);
  ASSERT_EQ(status_lines(received), std::vector<std::string>{"HTTP/1.1 413 Payload Too Large"});
  EXPECT_NE(received.find(R"({"title":"Payload Too Large","status":413})"), std::string::npos);

  // libcurl announces a large body with Expect: 100-continue and gets the 413 instead.
  EXPECT_EQ(post_json(url("/api/Accounts/login"), std::string(2 << 20, ' ')).status, 413);
}

TEST_F(HttpConventions, ClientRoute_AnswersIndexHtmlWithoutCaching) {
  const auto response = get(url("/gallery/picture/x"));
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.body, kIndexHtml);
  EXPECT_EQ(response.header("Content-Type"), "text/html; charset=utf-8");
  EXPECT_EQ(response.header("Cache-Control"), "no-cache");
  EXPECT_EQ(get(url("/")).body, kIndexHtml);
  // The back office's screens are client routes too: a set-up link opens the app.
  EXPECT_EQ(get(url("/admin/setup/abc")).body, kIndexHtml);
  EXPECT_EQ(get(url("/admin")).body, kIndexHtml);
}

TEST_F(HttpConventions, HashedAsset_IsImmutableAndRevalidatesByEtag) {
  const auto response = get(url(kAsset));
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.body, kAppJs);
  EXPECT_EQ(response.header("Content-Type"), "text/javascript; charset=utf-8");
  EXPECT_EQ(response.header("Cache-Control"), "public, max-age=31536000, immutable");
  EXPECT_EQ(response.header("Vary"), "Accept-Encoding");
  EXPECT_EQ(response.header("Accept-Ranges"), "bytes");
  const auto etag = response.header("ETag");
  ASSERT_TRUE(etag.starts_with('"') && etag.ends_with('"')) << etag;  // strong

  const auto revalidated = get(url(kAsset), {{"If-None-Match", etag}});
  EXPECT_EQ(revalidated.status, 304);
  EXPECT_EQ(revalidated.body, "");
  EXPECT_EQ(revalidated.header("ETag"), etag);
  EXPECT_EQ(get(url(kAsset), {{"If-None-Match", "\"other\""}}).status, 200);
}

TEST_F(HttpConventions, PrecompressedAsset_IsServedToClientsThatAcceptGzip) {
  const auto plain = get(url(kAsset));
  const auto gzip = get(url(kAsset), {{"Accept-Encoding", "br, gzip"}});
  EXPECT_EQ(gzip.status, 200);
  EXPECT_EQ(gzip.body, kAppJsGzip);
  EXPECT_EQ(gzip.header("Content-Encoding"), "gzip");
  EXPECT_EQ(gzip.header("Content-Type"), "text/javascript; charset=utf-8");
  EXPECT_EQ(gzip.header("Vary"), "Accept-Encoding");
  EXPECT_NE(gzip.header("ETag"), plain.header("ETag"));

  const auto refused = get(url(kAsset), {{"Accept-Encoding", "gzip;q=0, *"}});
  EXPECT_EQ(refused.body, kAppJs);
  EXPECT_FALSE(refused.has_header("Content-Encoding"));
}

TEST_F(HttpConventions, ByteRange_Answers206AndUnsatisfiable416) {
  const auto size = std::to_string(kAppJs.size());
  const auto first = get(url(kAsset), {{"Range", "bytes=0-6"}});
  EXPECT_EQ(first.status, 206);
  EXPECT_EQ(first.body, "console");
  EXPECT_EQ(first.header("Content-Range"), "bytes 0-6/" + size);

  const auto tail = get(url(kAsset), {{"Range", "bytes=-3"}});
  EXPECT_EQ(tail.status, 206);
  EXPECT_EQ(tail.body, ");\n");

  const auto beyond = get(url(kAsset), {{"Range", "bytes=1000-"}});
  EXPECT_EQ(beyond.status, 416);
  EXPECT_EQ(beyond.header("Content-Range"), "bytes */" + size);
}

TEST_F(HttpConventions, MissingHashedAsset_Answers404NotHtml) {
  const auto response = get(url("/assets/app-gone999.js"));
  EXPECT_EQ(response.status, 404);
  EXPECT_EQ(response.header("Content-Type").find("text/html"), std::string::npos);
}

TEST_F(HttpConventions, PathTraversal_StaysInsideTheStaticFolder) {
  for (const std::string_view path :
       {"/..%2fsecret.txt", "/../secret.txt", "/%2e%2e/secret.txt", "/assets/..%2f..%2fsecret.txt",
        "/..%2f..%2f..%2f..%2f..%2fetc/passwd", "/..%5csecret.txt", "/secret.txt%00.js"}) {
    const auto response = get(url(path));
    SCOPED_TRACE(std::string(path));
    EXPECT_EQ(response.body.find("TOP SECRET"), std::string::npos);
    EXPECT_EQ(response.body.find("root:"), std::string::npos);
  }
}

TEST_F(HttpConventions, HealthAndReadiness_Answer200) {
  const auto health = get(url("/healthz"));
  EXPECT_EQ(health.status, 200);
  EXPECT_EQ(json_of(health), boost::json::parse(R"({"status":"ok"})"));
  const auto ready = get(url("/readyz"));
  EXPECT_EQ(ready.status, 200);
  EXPECT_EQ(json_of(ready), boost::json::parse(R"({"status":"ready"})"));
}

TEST_F(HttpConventions, Metrics_CountRequestsByRoutePattern) {
  get(url("/healthz"));
  get(url("/api/currencies"));
  get(url("/gallery/picture/y"));
  get(url("/api/no-such-thing"));
  const auto metrics = get(url("/metrics"));
  EXPECT_EQ(metrics.status, 200);
  EXPECT_EQ(metrics.header("Content-Type"), "text/plain; version=0.0.4; charset=utf-8");
  for (const std::string_view line :
       {R"(artshop_http_requests_total{method="GET",route="/healthz",status="200"} )",
        R"(artshop_http_requests_total{method="GET",route="/api/currencies",status="200"} )",
        R"(artshop_http_requests_total{method="GET",route="static",status="200"} )",
        R"(artshop_http_requests_total{method="GET",route="unmatched",status="404"} )",
        "# TYPE artshop_http_request_duration_seconds histogram\n",
        R"(artshop_http_request_duration_seconds_bucket{le="0.005"} )",
        R"(artshop_http_request_duration_seconds_bucket{le="+Inf"} )",
        "artshop_http_request_duration_seconds_sum ",
        "artshop_http_request_duration_seconds_count ",
        "# TYPE artshop_http_requests_in_flight gauge\nartshop_http_requests_in_flight 1\n"}) {
    EXPECT_NE(metrics.body.find(line), std::string::npos) << line << "\n" << metrics.body;
  }
}

TEST_F(HttpConventions, RequestId_IsHonouredWhenSafeAndGeneratedOtherwise) {
  const auto honoured = get(url("/healthz"), {{"X-Request-Id", "trace-42.a_b"}});
  EXPECT_EQ(honoured.header("X-Request-Id"), "trace-42.a_b");
  EXPECT_TRUE(shared_server->wait_for_log("trace-42.a_b GET /healthz 200", 2s))
      << shared_server->log_text();

  const std::regex generated("[0-9a-f]{16}");
  EXPECT_TRUE(std::regex_match(get(url("/healthz")).header("X-Request-Id"), generated));
  const auto replaced = get(url("/healthz"), {{"X-Request-Id", "no spaces; or <tags>"}});
  EXPECT_TRUE(std::regex_match(replaced.header("X-Request-Id"), generated));
}

TEST_F(HttpConventions, PipelinedRequests_AreAllAnsweredInOrder) {
  std::string requests;
  for (int i = 1; i <= 8; ++i) {
    // Files and built-ins alternate, so answers finish on the workers in a different order.
    requests += std::string("GET ") + (i % 2 == 0 ? "/gallery/x" : "/healthz") +
                " HTTP/1.1\r\nHost: t\r\nX-Request-Id: pipe-" + std::to_string(i) + "\r\n" +
                (i == 8 ? "Connection: close\r\n" : "") + "\r\n";
  }
  const auto received = raw(requests);
  EXPECT_EQ(status_lines(received), std::vector<std::string>(8, "HTTP/1.1 200 OK"));
  EXPECT_EQ(request_ids(received),
            (std::vector<std::string>{"pipe-1", "pipe-2", "pipe-3", "pipe-4", "pipe-5", "pipe-6",
                                      "pipe-7", "pipe-8"}));
}

TEST_F(HttpConventions, Http10_IsAnsweredInKindAndKeptAliveOnlyWhenAsked) {
  RawConnection closed("127.0.0.1", shared_server->port());
  closed.send("GET /healthz HTTP/1.0\r\n\r\n");
  const auto once = closed.receive();
  EXPECT_EQ(status_lines(once), std::vector<std::string>{"HTTP/1.0 200 OK"});
  EXPECT_NE(once.find("Content-Length: 15\r\n"), std::string::npos) << once;
  EXPECT_EQ(once.find("Connection:"), std::string::npos) << once;  // 1.0 closes unless told
  EXPECT_TRUE(closed.closed_by_peer()) << "an HTTP/1.0 connection was kept unasked";

  RawConnection kept("127.0.0.1", shared_server->port());
  kept.send("GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");
  const auto first = kept.receive_until("{\"status\":\"ok\"}");
  EXPECT_NE(first.find("Connection: keep-alive\r\n"), std::string::npos) << first;
  kept.send("HEAD /healthz HTTP/1.0\r\n\r\n");
  const auto second = kept.receive();
  EXPECT_EQ(status_lines(second), std::vector<std::string>{"HTTP/1.0 200 OK"});
  EXPECT_TRUE(kept.closed_by_peer()) << "kept after a request that did not ask";
  // A HEAD answer says how long the body would be, and sends none.
  EXPECT_NE(second.find("Content-Length: 15\r\n"), std::string::npos) << second;
  EXPECT_TRUE(second.ends_with("\r\n\r\n")) << second;
}

// With a short read timeout: a connection that asks nothing more is closed, and one that keeps
// asking is kept, however long it lives.
class ReadTimeout : public ::testing::Test {
 protected:
  static ServerProcessOptions timing_out_after(std::string seconds) {
    return {.env = {{"ARTSHOP_READ_TIMEOUT_SECONDS", std::move(seconds)}}};
  }
  static constexpr std::string_view kHealthz = "GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n";
  static constexpr std::string_view kAnswered = "{\"status\":\"ok\"}";
};

TEST_F(ReadTimeout, AConnectionIdleAfterAnAnswer_IsClosedByTheServer) {
  ServerProcess server(timing_out_after("1"));
  RawConnection connection("127.0.0.1", server.port());
  connection.send(kHealthz);
  ASSERT_NE(connection.receive_until(kAnswered).find(kAnswered), std::string::npos);
  // receive() returns when the server closes, or after 10 s of silence if it never does.
  EXPECT_EQ(connection.receive(10s), "");
  EXPECT_TRUE(connection.closed_by_peer()) << "still open";
}

TEST_F(ReadTimeout, AConnectionThatKeepsAsking_IsKeptPastTheTimeout) {
  ServerProcess server(timing_out_after("2"));
  RawConnection connection("127.0.0.1", server.port());
  for (int i = 0; i < 8; ++i) {  // about 5 s of requests, 600 ms apart
    connection.send(kHealthz);
    ASSERT_NE(connection.receive_until(kAnswered).find(kAnswered), std::string::npos)
        << "request " << i;
    std::this_thread::sleep_for(600ms);
  }
}

TEST(HttpShutdown, Sigterm_AnswersTheRequestInFlightAndExitsZero) {
  const auto site = make_site();
  ServerProcess server(serving(*site));
  RawConnection idle("127.0.0.1", server.port());
  auto in_flight = std::make_unique<RawConnection>("127.0.0.1", server.port());
  // "100 Continue" is the server's word that it has read the head; the body is on its way.
  in_flight->send(
      "POST /api/no-such-thing HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
      "Expect: 100-continue\r\nContent-Length: 7\r\n\r\n");
  ASSERT_EQ(status_lines(in_flight->receive_until("\r\n\r\n")),
            std::vector<std::string>{"HTTP/1.1 100 Continue"});
  in_flight->send("{\"a\"");

  server.send_signal(SIGTERM);
  ASSERT_TRUE(server.wait_for_log("shutting down", 5s)) << server.log_text();
  EXPECT_THROW(RawConnection("127.0.0.1", server.port()), std::system_error);
  EXPECT_EQ(idle.receive(5s), "");  // closed at once: it had nothing in flight
  EXPECT_TRUE(idle.closed_by_peer()) << "an idle connection was kept through the drain";

  in_flight->send(":1}");
  const auto answer = in_flight->receive(5s);
  EXPECT_EQ(status_lines(answer), std::vector<std::string>{"HTTP/1.1 404 Not Found"});
  EXPECT_NE(answer.find("Connection: close"), std::string::npos);
  in_flight.reset();  // the client hangs up once answered, so nothing holds the server back

  EXPECT_EQ(server.wait(10s), 0) << server.log_text();
  EXPECT_NE(server.log_text().find("stopped"), std::string::npos);
}

// Every I/O thread binds the port with SO_REUSEPORT, which would let a second shop of the same
// user share it without a word: the port is checked first, so the second one fails at start.
TEST(HttpStart, APortAnotherShopListensOn_IsReportedAndTheShopExits) {
  ServerProcess first;
  try {
    ServerProcess second({.env = {{"ARTSHOP_PORT", std::to_string(first.port())}}});
    ADD_FAILURE() << "a second shop listened on port " << first.port() << ":\n"
                  << second.log_text();
  } catch (const std::runtime_error& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("before listening"), std::string::npos) << message;
    EXPECT_NE(message.find("Address already in use"), std::string::npos) << message;
  }
  EXPECT_EQ(get(first.url("/healthz")).status, 200);
}

}  // namespace
}  // namespace artshop::testing
