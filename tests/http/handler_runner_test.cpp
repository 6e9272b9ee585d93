#include "handler_runner.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <functional>
#include <future>
#include <memory>

#include "kept_tasks.hpp"
#include "support/eventually.hpp"

namespace artshop::http {
namespace {

using namespace std::chrono_literals;
using artshop::testing::eventually;
using testing::KeptTasks;

// Stands for the connection a handler's work holds: says when it is let go of.
struct Held {
  explicit Held(std::atomic<int>& released) : released_(released) {}
  ~Held() { ++released_; }
  std::atomic<int>& released_;
};

TEST(HandlerRunner, WorkRunsOnThePoolOrAnExecutorOfItsOwn) {
  HandlerRunner runner("test", 1, 4);
  std::promise<void> on_pool;
  ASSERT_TRUE(runner.try_submit(nullptr, [&] { on_pool.set_value(); }));
  EXPECT_EQ(on_pool.get_future().wait_for(10s), std::future_status::ready);

  InlineExecutor inline_executor;
  bool ran = false;
  ASSERT_TRUE(runner.try_submit(&inline_executor, [&] { ran = true; }));
  EXPECT_TRUE(ran);
}

TEST(HandlerRunner, WorkRefusedByAFullQueue_IsLetGoOfUnrun) {
  HandlerRunner runner("test", 1, 0);
  std::promise<void> release;
  std::atomic<bool> running{false};
  ASSERT_TRUE(runner.try_submit(nullptr, [&, wait = release.get_future().share()] {
    running = true;
    wait.wait();
  }));
  ASSERT_TRUE(eventually([&] { return running.load(); }, 10s));

  std::atomic<int> released{0};
  bool ran = false;
  EXPECT_FALSE(
      runner.try_submit(nullptr, [&, held = std::make_shared<Held>(released)] { ran = true; }));
  EXPECT_EQ(released.load(), 1) << "the refused work still holds its connection";
  EXPECT_FALSE(ran);
  release.set_value();
}

TEST(HandlerRunner, Abandon_SkipsQueuedWorkAndWaitsForTheWorkRunning) {
  HandlerRunner runner("test", 1, 4);
  std::promise<void> release;
  std::atomic<bool> running{false};
  std::atomic<bool> finished{false};
  ASSERT_TRUE(runner.try_submit(nullptr, [&, wait = release.get_future().share()] {
    running = true;
    wait.wait();
    finished = true;
  }));
  ASSERT_TRUE(eventually([&] { return running.load(); }, 10s));
  std::atomic<int> released{0};
  std::atomic<bool> queued_ran{false};
  ASSERT_TRUE(runner.try_submit(
      nullptr, [&, held = std::make_shared<Held>(released)] { queued_ran = true; }));

  auto abandoned = std::async(std::launch::async, [&] {
    runner.abandon();
    return finished.load();  // what abandon() saw done when it returned
  });
  // The queued work is dropped at once, letting go of its connection; abandon() still waits.
  ASSERT_TRUE(eventually([&] { return released.load() == 1; }, 10s));
  EXPECT_EQ(abandoned.wait_for(0s), std::future_status::timeout)
      << "abandon() returned while a handler was still running";
  release.set_value();
  EXPECT_TRUE(abandoned.get()) << "abandon() returned before the running handler ended";
  EXPECT_FALSE(queued_ran.load());
}

TEST(HandlerRunner, Abandon_WaitsForWorkQueuedOnARoutesExecutorUntilItIsDropped) {
  KeptTasks kept;
  HandlerRunner runner("test", 1, 4);
  std::atomic<int> released{0};
  bool ran = false;
  ASSERT_TRUE(
      runner.try_submit(&kept, [&, held = std::make_shared<Held>(released)] { ran = true; }));
  auto abandoned = std::async(std::launch::async, [&] {
    runner.abandon();
    return released.load();  // whether the work had let go of its connection by then
  });
  EXPECT_EQ(abandoned.wait_for(0s), std::future_status::timeout)
      << "abandon() did not wait for the work another executor holds";
  kept.drop_all();  // that executor shuts down without running it
  EXPECT_EQ(abandoned.get(), 1) << "abandon() returned before the work was let go of";
  EXPECT_FALSE(ran);
}

}  // namespace
}  // namespace artshop::http
