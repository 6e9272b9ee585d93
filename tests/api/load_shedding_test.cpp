// Expensive work queues apart from cheap work, and is shed (503) rather than piled up.
#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <memory>
#include <string>

#include "api/shop_api.hpp"

namespace artshop::testing {
namespace {

using namespace std::chrono_literals;

constexpr std::string_view kUnknownLogin =
    R"({"email":"nobody@example.com","password":"x1y2z3w4v5"})";

// One password thread, no waiting room, and a hash slow enough (Argon2id at 40 passes) that
// requests sent together all arrive while the first one is still hashing.
std::vector<std::pair<std::string, std::string>> one_slow_password_thread() {
  return {{"ARTSHOP_PASSWORDS_THREADS", "1"},
          {"ARTSHOP_PASSWORDS_QUEUE", "0"},
          {"ARTSHOP_ARGON2_ITERATIONS", "40"}};
}

long in_flight(const ServerProcess& server) {
  return static_cast<long>(metric(server, "artshop_http_requests_in_flight"));
}

TEST(LoadShedding, LoginsBeyondThePasswordPoolAreAnswered503WithRetryAfter) {
  ShopServer shop(false, one_slow_password_thread());
  std::atomic<int> refused{0};
  std::atomic<int> answered{0};
  in_parallel(6, [&](int) {
    const auto response = post_json(shop.url("/api/Accounts/login"), kUnknownLogin);
    if (response.status == 503) {
      ++refused;
      EXPECT_EQ(response.header("Retry-After"), "1");
      EXPECT_NE(response.body.find("\"status\":503"), std::string::npos) << response.body;
    } else {
      EXPECT_EQ(response.status, 400) << response.body;  // the login failure, answered in full
      ++answered;
    }
  });
  EXPECT_GE(answered.load(), 1);
  EXPECT_GE(refused.load(), 1);
}

TEST(LoadShedding, CheapCallsAreAnsweredWhilePasswordsAreBeingHashed) {
  ShopServer shop(false, one_slow_password_thread());
  auto login = std::async(std::launch::async, [&] {
    return post_json(shop.url("/api/Accounts/login"), kUnknownLogin).status;
  });
  // The metrics request counts itself: two in flight means the login is being hashed.
  ASSERT_TRUE(eventually([&] { return in_flight(shop.process()) >= 2; }, 10s));
  EXPECT_EQ(get(shop.url("/healthz")).status, 200);
  EXPECT_EQ(get(shop.url("/api/offers?Currency=EUR")).status, 200);
  EXPECT_EQ(get(shop.url("/api/categories")).status, 200);
  EXPECT_EQ(login.wait_for(0s), std::future_status::timeout)
      << "the cheap calls were answered while the login was still hashing";
  EXPECT_EQ(login.get(), 400);
}

// A connection the server counts: it answered /healthz on it, and the connection stays open.
// Asked again until one is taken: the connection the test's readiness check used may still be
// counted for a moment after the check closed it, and take a place under the cap meanwhile.
std::unique_ptr<RawConnection> held_connection(unsigned short port) {
  std::unique_ptr<RawConnection> held;
  EXPECT_TRUE(eventually(
      [&] {
        held = std::make_unique<RawConnection>("127.0.0.1", port);
        held->send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
        return held->receive_until("{\"status\":\"ok\"}", 2s).starts_with("HTTP/1.1 200");
      },
      10s))
      << "the server took no connection below its cap";
  return held;
}

TEST(LoadShedding, ConnectionsBeyondTheCapAreAnswered503AndClosed) {
  ShopServer shop(false, {{"ARTSHOP_MAX_CONNECTIONS", "2"}});
  const auto first = held_connection(shop.process().port());
  const auto second = held_connection(shop.process().port());
  // Both held open (each answered once), so a third is over the cap: the server's canned
  // answer, not the /healthz it asked for, and then the end of the connection.
  std::string answer;
  bool closed = false;
  ASSERT_TRUE(eventually(
      [&] {
        RawConnection third("127.0.0.1", shop.process().port());
        third.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
        answer = third.receive(2s);
        closed = third.closed_by_peer();
        return answer.starts_with("HTTP/1.1 503");
      },
      10s))
      << answer;
  EXPECT_NE(answer.find("\r\nRetry-After: 1\r\n"), std::string::npos) << answer;
  EXPECT_NE(answer.find("\r\nConnection: close\r\n"), std::string::npos) << answer;
  EXPECT_TRUE(answer.ends_with("\r\n\r\n{\"title\":\"Service Unavailable\",\"status\":503}"))
      << answer;
  EXPECT_TRUE(closed) << "the connection past the cap was left open";
}

// A shop with one search thread, so that the pool's count of finished tasks moves in the order
// the requests went.
class SearchPool : public ::testing::Test {
 protected:
  void SetUp() override {
    before_ = done();
    ASSERT_GE(before_, 0) << "the search pool's count is not in /metrics";
  }
  double done() {
    return metric(shop_.process(), R"(artshop_pool_completed_total{pool="search"})");
  }

  ShopServer shop_{true, {{"ARTSHOP_SEARCH_THREADS", "1"}}};
  double before_ = 0;
};

// A search not asked before runs on the search pool, never on an I/O thread, so a flood of them
// queues (and is shed) there while health checks are answered at once; the same question asked
// again is answered from the kept answer without queuing.
TEST_F(SearchPool, ANewSearchIsComputedOnTheSearchPoolAndAKeptOneIsNot) {
  const auto owl = get(shop_.url("/api/offers?Currency=EUR&Search=owl&PageSize=5"));
  ASSERT_EQ(owl.status, 200) << owl.body;
  ASSERT_TRUE(eventually([&] { return done() >= before_ + 1; }, 10s)) << done();
  const auto again = get(shop_.url("/api/offers?Currency=EUR&Search=owl&PageSize=5"));
  EXPECT_EQ(again.body, owl.body);
  const auto wolf = get(shop_.url("/api/offers?Currency=EUR&Search=wolf&PageSize=5"));
  ASSERT_EQ(wolf.status, 200) << wolf.body;
  ASSERT_TRUE(eventually([&] { return done() >= before_ + 2; }, 10s)) << done();
  EXPECT_EQ(done(), before_ + 2) << "the question asked again was computed again on the pool";
  EXPECT_EQ(metric(shop_.process(), R"(artshop_pool_refused_total{pool="search"})"), 0);
}

// What costs little at any catalogue size is worked out on the I/O thread it arrives on, and the
// search pool counts none of it: a listing's first pages without a search, and another page of
// a search whose answer the catalogue keeps. A page past kQuickListingDepth, or a new search,
// is worked out on the pool.
TEST_F(SearchPool, WhatCostsLittleIsWorkedOutWhereItArrivesAndTheRestOnTheSearchPool) {
  for (const auto* query : {"Currency=EUR", "Currency=USD&Style=Anime&Sort=LowToHigh",
                            "Currency=EUR&From=10&To=40&Page=5&PageSize=96"}) {
    const auto page = get(shop_.url("/api/offers?" + std::string(query)));
    ASSERT_EQ(page.status, 200) << query << ": " << page.body;
    EXPECT_NE(page.body.find("\"facets\":"), std::string::npos) << page.body;
  }
  EXPECT_EQ(done(), before_) << "a listing's first page was worked out on the search pool";
  const auto deep = get(shop_.url("/api/offers?Currency=EUR&Page=6&PageSize=96"));
  ASSERT_EQ(deep.status, 200) << deep.body;
  ASSERT_TRUE(eventually([&] { return done() >= before_ + 1; }, 10s))
      << "the page past the first ones was not worked out on the search pool";
  const auto first = get(shop_.url("/api/offers?Currency=EUR&Search=owl&PageSize=2"));
  ASSERT_EQ(first.status, 200) << first.body;
  ASSERT_TRUE(eventually([&] { return done() >= before_ + 2; }, 10s))
      << "the new search was not worked out on the search pool";
  const auto second = get(shop_.url("/api/offers?Currency=EUR&Search=owl&PageSize=2&Page=2"));
  ASSERT_EQ(second.status, 200) << second.body;
  EXPECT_NE(second.body.find("\"page\":2"), std::string::npos) << second.body;
  EXPECT_EQ(done(), before_ + 2) << "a kept search's other page was worked out on the pool";
}

}  // namespace
}  // namespace artshop::testing
