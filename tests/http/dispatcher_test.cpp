// DESIGN.md section 2, in process: requests built in memory go through the Dispatcher with a
// Router of test handlers, as the server would pass them on after reading them.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include <boost/json.hpp>
#include <chrono>
#include <memory>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "artshop/core/ports/database_unavailable.hpp"
#include "artshop/core/ports/transactions.hpp"
#include "artshop/http/json.hpp"
#include "http_request.hpp"

namespace artshop::http {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using testing::request;

constexpr std::string_view kContentSecurityPolicy =
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; "
    "base-uri 'none'; frame-ancestors 'none'; form-action 'self'";
constexpr std::size_t kUploadLimit = 64;

Router test_api() {
  Router api;
  api.add("GET", "/api/offers/{urlName}", [](const Request& r) {
    return json_response(200, {{"urlName", *r.path_param("urlName")}});
  });
  api.add("POST", "/api/offers", [](const Request& r) {
    const auto body = read_json_object(r);
    if (!body) return body.error();
    JsonFields fields(*body);
    const auto title = fields.string("title");
    if (!fields.errors().empty()) return error_response(Error::validation(fields.errors()), {});
    return json_response(201, {{"title", title}});
  });
  api.add("POST", "/api/uploads", [](const Request&) { return Response{.status = 204}; },
          {.body_limit = kUploadLimit});
  api.add("GET", "/api/broken", [](const Request&) -> Response {
    throw std::runtime_error("disk on fire at /var/secret");
  });
  api.add("POST", "/api/contended", [](const Request&) -> Response {
    throw TransactionContention("a transaction failed to serialize 30 times");
  });
  api.add("POST", "/api/unreachable", [](const Request&) -> Response {
    throw DatabaseUnavailable("cannot connect to database artshop at db.internal:5432");
  });
  return api;
}

// The dispatcher of a server with the test API, a CORS origin, and no front end built.
class DispatcherTest : public ::testing::Test {
 protected:
  DispatcherTest()
      : log_sink_(std::make_shared<spdlog::sinks::ostream_sink_mt>(log_)),
        previous_logger_(spdlog::default_logger()) {
    spdlog::set_default_logger(std::make_shared<spdlog::logger>("test", log_sink_));
    dispatcher_ = std::make_unique<Dispatcher>(
        ServerOptions{.behind_tls = true, .cors_origins = {"https://shop.example"}}, test_api(),
        [this] { return ready_; });
  }
  ~DispatcherTest() override {
    dispatcher_.reset();
    spdlog::drop("access");
    spdlog::set_default_logger(previous_logger_);
  }

  // What the client receives: the handler's answer plus the headers of every answer.
  Response answer(Request incoming) {
    dispatcher_->request_started();
    auto [response, route] = dispatcher_->handle(incoming);
    dispatcher_->finish(incoming, route, response, std::chrono::milliseconds(1));
    return response;
  }

  static boost::json::value json_of(const Response& response) {
    return boost::json::parse(response.body);
  }

  std::ostringstream log_;
  std::shared_ptr<spdlog::sinks::ostream_sink_mt> log_sink_;
  std::shared_ptr<spdlog::logger> previous_logger_;
  bool ready_ = true;
  std::unique_ptr<Dispatcher> dispatcher_;
};

TEST_F(DispatcherTest, EveryKindOfAnswer_CarriesTheSecurityHeaders) {
  for (const auto& [method, target] :
       std::vector<std::pair<std::string, std::string>>{{"GET", "/api/offers/sunset"},
                                                        {"GET", "/api/nothing"},
                                                        {"DELETE", "/api/offers/sunset"},
                                                        {"GET", "/api/broken"},
                                                        {"GET", "/healthz"},
                                                        {"GET", "/gallery"}}) {
    const auto response = answer(request(method, target));
    SCOPED_TRACE(method + " " + target + " answered " + std::to_string(response.status));
    EXPECT_EQ(response.header("Content-Security-Policy"), kContentSecurityPolicy);
    EXPECT_EQ(response.header("X-Content-Type-Options"), "nosniff");
    EXPECT_EQ(response.header("Referrer-Policy"), "strict-origin-when-cross-origin");
    EXPECT_EQ(response.header("X-Frame-Options"), "DENY");
    EXPECT_EQ(response.header("Strict-Transport-Security"), "max-age=31536000; includeSubDomains");
    EXPECT_THAT(std::string(response.header("Content-Type").value_or("")),
                HasSubstr("charset=utf-8"));
    EXPECT_THAT(std::string(response.header("Vary").value_or("")), HasSubstr("Origin"));
  }
}

TEST_F(DispatcherTest, PathParameters_ReachTheHandlerDecoded) {
  const auto response = answer(request("GET", "/API/Offers/blue%20sky%2Fnight/"));
  EXPECT_EQ(response.status, 200U);
  EXPECT_EQ(json_of(response).at("urlName"), "blue sky/night");
}

TEST_F(DispatcherTest, UnknownApiPath_Answers404Json) {
  const auto response = answer(request("GET", "/api/nothing"));
  EXPECT_EQ(response.status, 404U);
  EXPECT_EQ(json_of(response), boost::json::parse(R"({"title":"Not Found","status":404})"));
}

TEST_F(DispatcherTest, WrongMethod_Answers405WithAllow) {
  const auto response = answer(request("DELETE", "/api/offers/sunset"));
  EXPECT_EQ(response.status, 405U);
  EXPECT_EQ(response.header("Allow"), "GET, HEAD");
  EXPECT_EQ(json_of(response).at("title"), "Method Not Allowed");
}

TEST_F(DispatcherTest, InvalidFields_Answer400WithAFieldMap) {
  const auto response = answer(
      request("POST", "/api/offers", {{"Content-Type", "application/json"}}, R"({"Title": 7})"));
  EXPECT_EQ(response.status, 400U);
  EXPECT_EQ(json_of(response), boost::json::parse(R"({"title":"Validation failed","status":400,
                                   "errors":{"title":["Must be a string."]}})"));
}

TEST_F(DispatcherTest, MalformedJson_Answers400WithAGeneralMessage) {
  const auto response =
      answer(request("POST", "/api/offers", {{"Content-Type", "application/json"}}, "{\"title\""));
  EXPECT_EQ(response.status, 400U);
  EXPECT_EQ(json_of(response).at("errors"),
            boost::json::parse(R"({"":["The request body is not valid JSON."]})"));
}

TEST_F(DispatcherTest, NonJsonBody_Answers415) {
  const auto response =
      answer(request("POST", "/api/offers", {{"Content-Type", "text/plain"}}, "title=x"));
  EXPECT_EQ(response.status, 415U);
  EXPECT_EQ(json_of(response).at("title"), "Unsupported Media Type");
}

TEST_F(DispatcherTest, AThrowingHandler_Answers500WithTheDetailOnlyInTheLog) {
  const auto response = answer(request("GET", "/api/broken", {{"X-Request-Id", "trace-500"}}));
  EXPECT_EQ(response.status, 500U);
  EXPECT_EQ(json_of(response),
            boost::json::parse(R"({"title":"An unexpected server error occurred."})"));
  EXPECT_THAT(response.body, Not(HasSubstr("disk on fire")));
  EXPECT_THAT(log_.str(), HasSubstr("trace-500"));
  EXPECT_THAT(log_.str(), HasSubstr("disk on fire at /var/secret"));
}

TEST_F(DispatcherTest, ATransactionGivenUpForContention_Answers503WithRetryAfter) {
  const auto response = answer(request("POST", "/api/contended"));
  EXPECT_EQ(response.status, 503U);
  EXPECT_EQ(response.header("Retry-After"), "1");
  EXPECT_THAT(response.body, Not(HasSubstr("serialize")));
}

TEST_F(DispatcherTest, ADatabaseThatCannotBeReached_Answers503WithRetryAfterNever500) {
  const auto response = answer(request("POST", "/api/unreachable"));
  EXPECT_EQ(response.status, 503U);
  EXPECT_EQ(response.header("Retry-After"), "1");
  const auto body = boost::json::parse(response.body).as_object();
  EXPECT_EQ(body.at("title"), "Service Unavailable");
  EXPECT_EQ(body.at("status"), 503);
  EXPECT_THAT(response.body, Not(HasSubstr("db.internal")));
  EXPECT_THAT(log_.str(), HasSubstr("db.internal")) << "the cause is in the log";
}

TEST_F(DispatcherTest, BodyLimit_IsTheMatchedRoutesOrTheServerDefault) {
  // The server answers 413 from the head when Content-Length is over the plan's limit.
  EXPECT_EQ(dispatcher_->plan(request("POST", "/api/uploads")).body_limit, kUploadLimit);
  EXPECT_EQ(dispatcher_->plan(request("POST", "/api/nothing")).body_limit,
            ServerOptions{}.body_limit);
}

TEST_F(DispatcherTest, Plan_AnswersBuiltinsAndFilesOnTheIoThread) {
  EXPECT_TRUE(dispatcher_->plan(request("GET", "/healthz")).on_io_thread);
  EXPECT_TRUE(dispatcher_->plan(request("GET", "/gallery/picture/x")).on_io_thread);
  const auto api = dispatcher_->plan(request("GET", "/api/offers/x"));
  EXPECT_FALSE(api.on_io_thread);
  EXPECT_EQ(api.route, "/api/offers/{urlName}");
  EXPECT_EQ(dispatcher_->plan(request("GET", "/api/nothing")).route, Dispatcher::kUnmatchedRoute);
}

TEST_F(DispatcherTest, RequestId_IsHonouredWhenSafeAndGeneratedOtherwise) {
  EXPECT_EQ(
      answer(request("GET", "/healthz", {{"X-Request-Id", "abc-123_x.y"}})).header("X-Request-Id"),
      "abc-123_x.y");
  const std::regex generated("[0-9a-f]{16}");
  const auto fresh = answer(request("GET", "/healthz"));
  EXPECT_TRUE(std::regex_match(std::string(*fresh.header("X-Request-Id")), generated));
  const auto replaced = answer(request("GET", "/healthz", {{"X-Request-Id", "no spaces; <b>"}}));
  EXPECT_TRUE(std::regex_match(std::string(*replaced.header("X-Request-Id")), generated));
}

TEST_F(DispatcherTest, CorsPreflightFromAConfiguredOrigin_Answers204WithTheAllowances) {
  const auto response = answer(
      request("OPTIONS", "/api/offers",
              {{"Origin", "https://shop.example"}, {"Access-Control-Request-Method", "POST"}}));
  EXPECT_EQ(response.status, 204U);
  EXPECT_EQ(response.header("Access-Control-Allow-Origin"), "https://shop.example");
  EXPECT_EQ(response.header("Access-Control-Allow-Credentials"), "true");
  EXPECT_THAT(std::string(*response.header("Access-Control-Allow-Methods")), HasSubstr("POST"));
  EXPECT_THAT(std::string(*response.header("Access-Control-Allow-Headers")),
              HasSubstr("Idempotency-Key"));
}

TEST_F(DispatcherTest, CorsFromAnotherOrigin_GetsNoAllowances) {
  const auto preflight = answer(
      request("OPTIONS", "/api/offers",
              {{"Origin", "https://evil.example"}, {"Access-Control-Request-Method", "POST"}}));
  EXPECT_NE(preflight.status, 204U);
  EXPECT_FALSE(preflight.header("Access-Control-Allow-Origin"));
  const auto simple = answer(request("GET", "/api/offers/x", {{"Origin", "https://evil.example"}}));
  EXPECT_EQ(simple.status, 200U);
  EXPECT_FALSE(simple.header("Access-Control-Allow-Origin"));
}

TEST_F(DispatcherTest, Readiness_FollowsTheCheck) {
  EXPECT_EQ(answer(request("GET", "/readyz")).status, 200U);
  ready_ = false;
  EXPECT_EQ(answer(request("GET", "/readyz")).status, 503U);
}

TEST_F(DispatcherTest, Metrics_CountAnswersByRoutePattern) {
  answer(request("GET", "/api/offers/one"));
  answer(request("GET", "/api/offers/two"));
  const auto metrics = answer(request("GET", "/metrics")).body;
  EXPECT_THAT(metrics, HasSubstr(R"(route="/api/offers/{urlName}")"));
  EXPECT_THAT(metrics, Not(HasSubstr("/api/offers/one")));
}

// Each thread counts into a shard of its own; /metrics adds them all up, in-flight included.
TEST_F(DispatcherTest, Metrics_AddUpTheCountsOfEveryThread) {
  constexpr int kPerThread = 500;
  const auto count_some = [&] {
    for (int i = 0; i < kPerThread; ++i) answer(request("GET", "/api/offers/one"));
  };
  std::thread other(count_some);
  count_some();
  other.join();
  const auto metrics = answer(request("GET", "/metrics")).body;
  EXPECT_THAT(metrics, HasSubstr(R"(route="/api/offers/{urlName}",status="200"} 1000)"));
  EXPECT_THAT(metrics, HasSubstr("artshop_http_request_duration_seconds_count 1000\n"));
  // The /metrics request itself is in flight while it counts.
  EXPECT_THAT(metrics, HasSubstr("artshop_http_requests_in_flight 1\n"));
}

TEST_F(DispatcherTest, ClientRouteWithoutABuiltFrontEnd_Answers404Text) {
  const auto response = answer(request("GET", "/gallery"));
  EXPECT_EQ(response.status, 404U);
  EXPECT_EQ(response.body, "The front end has not been built.");
}

TEST_F(DispatcherTest, Busy_Answers503WithRetryAfter) {
  const auto response = dispatcher_->busy();
  EXPECT_EQ(response.status, 503U);
  EXPECT_EQ(response.header("Retry-After"), "1");
}

}  // namespace
}  // namespace artshop::http
