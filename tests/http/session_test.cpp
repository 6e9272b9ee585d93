// One connection's session alone: a real loopback socket on an event loop the test runs, the
// dispatcher with a route whose handlers wait in an executor the test releases.
#include "session.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <future>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "dispatcher.hpp"
#include "handler_runner.hpp"
#include "kept_tasks.hpp"
#include "support/eventually.hpp"
#include "support/http_client.hpp"

namespace artshop::http {
namespace {

using namespace std::chrono_literals;
using artshop::testing::eventually;
using artshop::testing::RawConnection;
using artshop::testing::request_ids;
using artshop::testing::status_lines;

// The route's executor: keeps every handler until the test runs the oldest.
using HeldHandlers = testing::KeptTasks;

Router held_api(HeldHandlers& held) {
  Router api;
  api.add("GET", "/api/held", [](const Request&) { return Response{.status = 204}; },
          {.executor = &held});
  return api;
}

// An event loop on a thread of its own, serving each connection to `port()` with a session.
class OneLoop {
 public:
  HeldHandlers held;  // first: the dispatcher's route refers to it

  explicit OneLoop(std::size_t pipeline_limit)
      : dispatcher_(ServerOptions{}, held_api(held), [] { return true; }),
        services_{.header_limit = 8192,
                  .read_timeout = 30s,
                  .pipeline_limit = pipeline_limit,
                  .dispatcher = dispatcher_,
                  .handlers = handlers_,
                  .media_pool = media_pool_,
                  .registry = registry_},
        acceptor_(ioc_, {net::ip::make_address("127.0.0.1"), 0}) {
    accept();
    thread_ = std::jthread([this] { ioc_.run(); });
  }
  ~OneLoop() {
    ioc_.stop();
    thread_ = {};
    held.drop_all();  // what a failed test left held
    handlers_.abandon();
  }

  unsigned short port() const { return acceptor_.local_endpoint().port(); }
  std::size_t closed() const { return closed_.load(); }

 private:
  void accept() {
    acceptor_.async_accept([this](beast::error_code ec, tcp::socket socket) {
      if (!ec) start_session(std::move(socket), services_);
      accept();
    });
  }

  std::atomic<std::size_t> closed_{0};
  Dispatcher dispatcher_;
  HandlerRunner handlers_{"test", 1, 16};
  InlineExecutor media_pool_;
  SessionRegistry registry_{[this] { ++closed_; }};
  SessionServices services_;
  net::io_context ioc_{1};
  net::executor_work_guard<net::io_context::executor_type> work_ = net::make_work_guard(ioc_);
  tcp::acceptor acceptor_;
  std::jthread thread_;
};

std::string pipelined(int count) {
  std::string requests;
  for (int i = 1; i <= count; ++i) {
    requests += "GET /api/held HTTP/1.1\r\nHost: t\r\nX-Request-Id: pipe-" + std::to_string(i) +
                "\r\n" + (i == count ? "Connection: close\r\n" : "") + "\r\n";
  }
  return requests;
}

TEST(Session, ReadsAheadAtMostThePipelineLimit_AndAnswersInOrderAsHandlersEnd) {
  OneLoop loop(3);
  auto& held = loop.held;
  RawConnection connection("127.0.0.1", loop.port());
  connection.send(pipelined(5));  // one write: all five are in the server's buffer at once

  ASSERT_TRUE(eventually([&] { return held.submitted() >= 3; }, 10s));
  // The other two wait, however long the first three take: a new answer is what lets one in.
  held.run_oldest();
  ASSERT_TRUE(eventually([&] { return held.submitted() >= 4; }, 10s));
  EXPECT_EQ(held.submitted(), 4U) << "more than the limit were read ahead of their answers";
  EXPECT_EQ(status_lines(connection.receive_until("\r\n\r\n")),
            std::vector<std::string>{"HTTP/1.1 204 No Content"});

  for (int i = 2; i <= 5; ++i) {
    ASSERT_TRUE(eventually([&] { return held.submitted() >= static_cast<std::size_t>(i); }, 10s));
    held.run_oldest();
  }
  const auto rest = connection.receive(10s);
  EXPECT_EQ(status_lines(rest), std::vector<std::string>(4, "HTTP/1.1 204 No Content"));
  EXPECT_EQ(request_ids(rest), (std::vector<std::string>{"pipe-2", "pipe-3", "pipe-4", "pipe-5"}));
  EXPECT_TRUE(connection.closed_by_peer()) << "the last request asked to close";
  EXPECT_TRUE(eventually([&] { return loop.closed() == 1; }, 10s))
      << "the session did not tell its registry it ended";
}

}  // namespace
}  // namespace artshop::http
