#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <string>

#include "artshop/curl/post.hpp"
#include "payments_test_support.hpp"
#include "support/loopback.hpp"

namespace artshop::curl {
namespace {

using payments::test_support::CannedAnswer;
using payments::test_support::LoopbackHttpServer;
using payments::test_support::RecordedRequest;
using namespace std::chrono_literals;

TEST(CurlPost, SendsTheBodyAndHeadersAndReturnsAnyStatusAsAnAnswer) {
  LoopbackHttpServer server([](const RecordedRequest&) { return CannedAnswer{502, "upstream"}; });
  const auto answer = post({.url = server.url("/hook"),
                            .headers = {"X-Signature: abc"},
                            .body = R"({"a":1})",
                            .timeout = 5s});
  ASSERT_TRUE(answer.has_value()) << answer.error().reason;
  EXPECT_EQ(answer->status, 502);
  EXPECT_EQ(answer->body, "upstream");
  EXPECT_FALSE(answer->ok());
  const auto received = server.wait_for(1);
  ASSERT_EQ(received.size(), 1U);
  EXPECT_EQ(received[0].method, "POST");
  EXPECT_EQ(received[0].header("x-signature"), "abc");
  EXPECT_EQ(received[0].body, R"({"a":1})");
}

TEST(CurlPost, ARefusedConnection_IsUnreachableAndNamesTheUrlButNoHeader) {
  const std::string url = "http://127.0.0.1:" + std::to_string(testing::closed_port()) + "/x";
  const auto answer =
      post({.url = url, .headers = {"Authorization: Bearer sk_secret"}, .timeout = 5s});
  ASSERT_FALSE(answer.has_value());
  EXPECT_EQ(answer.error().kind, Failure::Kind::Unreachable);
  EXPECT_NE(answer.error().reason.find(url), std::string::npos) << answer.error().reason;
  EXPECT_EQ(answer.error().reason.find("sk_secret"), std::string::npos);
}

TEST(CurlPost, NoAnswerWithinTheTimeout_IsTimedOut) {
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  LoopbackHttpServer server([released](const RecordedRequest&) {
    released.wait_for(20s);  // held until the client has given up
    return CannedAnswer{};
  });
  const auto answer = post({.url = server.url("/slow"), .timeout = 200ms});
  release.set_value();
  ASSERT_FALSE(answer.has_value());
  EXPECT_EQ(answer.error().kind, Failure::Kind::TimedOut);
}

TEST(CurlPost, AnAnswerOverTheLimit_IsTooLarge) {
  LoopbackHttpServer server([](const RecordedRequest&) {
    return CannedAnswer{200, std::string(4096, 'x')};
  });
  const auto answer = post({.url = server.url("/big"), .timeout = 5s, .answer_limit = 1024});
  ASSERT_FALSE(answer.has_value());
  EXPECT_EQ(answer.error().kind, Failure::Kind::TooLarge);
}

}  // namespace
}  // namespace artshop::curl
