#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <future>
#include <mutex>
#include <vector>

#include "artshop/concurrency/bounded_thread_pool.hpp"

namespace artshop::concurrency {
namespace {

using namespace std::chrono_literals;

// A door the test opens: tasks that wait on it keep their thread busy until then.
class Gate {
 public:
  void wait() {
    std::unique_lock lock(mutex_);
    opened_.wait(lock, [this] { return open_; });
  }
  void open() {
    {
      const std::scoped_lock lock(mutex_);
      open_ = true;
    }
    opened_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable opened_;
  bool open_ = false;
};

// Waits until the pool reports `running` tasks on its threads.
bool wait_until_running(const BoundedThreadPool& pool, std::size_t running) {
  const auto deadline = std::chrono::steady_clock::now() + 10s;
  while (std::chrono::steady_clock::now() < deadline) {
    if (pool.stats().running == running) return true;
    std::this_thread::yield();
  }
  return false;
}

TEST(BoundedThreadPool, RunsEveryAcceptedTaskExactlyOnce) {
  std::atomic<int> runs{0};
  {
    BoundedThreadPool pool("test", 2, 1000);
    for (int i = 0; i < 500; ++i) ASSERT_TRUE(pool.try_submit([&runs] { ++runs; }));
    const auto deadline = std::chrono::steady_clock::now() + 10s;
    while (pool.stats().completed < 500 && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::yield();
    }
  }
  EXPECT_EQ(runs.load(), 500);
}

TEST(BoundedThreadPool, RefusesAtOnceWhenEveryThreadIsBusyAndTheQueueIsFull) {
  Gate gate;
  BoundedThreadPool pool("test", 1, 2);
  ASSERT_TRUE(pool.try_submit([&gate] { gate.wait(); }));
  ASSERT_TRUE(wait_until_running(pool, 1));
  EXPECT_TRUE(pool.try_submit([] {}));
  EXPECT_TRUE(pool.try_submit([] {}));
  EXPECT_FALSE(pool.try_submit([] {}));  // two waiting already: refused, not queued
  EXPECT_EQ(pool.stats().queued, 2U);
  EXPECT_EQ(pool.stats().refused, 1U);
  gate.open();
}

TEST(BoundedThreadPool, WithNoWaitingRoomAcceptsOnlyWhatIdleThreadsCanTake) {
  Gate gate;
  BoundedThreadPool pool("test", 2, 0);
  EXPECT_TRUE(pool.try_submit([&gate] { gate.wait(); }));
  EXPECT_TRUE(pool.try_submit([&gate] { gate.wait(); }));
  EXPECT_FALSE(pool.try_submit([] {}));
  gate.open();
}

TEST(BoundedThreadPool, StopDropsQueuedTasksUnrunAndDestroysThem) {
  Gate gate;
  std::atomic<int> runs{0};
  auto token = std::make_shared<int>(0);
  std::weak_ptr<int> watched = token;
  BoundedThreadPool pool("test", 1, 4);
  ASSERT_TRUE(pool.try_submit([&gate] { gate.wait(); }));
  ASSERT_TRUE(wait_until_running(pool, 1));
  ASSERT_TRUE(pool.try_submit([&runs, token = std::move(token)] { ++runs; }));
  pool.stop();
  EXPECT_TRUE(watched.expired());  // the dropped task's captures are gone
  EXPECT_FALSE(pool.try_submit([&runs] { ++runs; }));
  gate.open();
  pool.join();
  EXPECT_EQ(runs.load(), 0);
}

int own_nice_value() {
  return ::getpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()));
}

TEST(BoundedThreadPool, WithANicenessRunsTasksAtThatMuchLowerPriorityThanTheProcess) {
  const int process = own_nice_value();
  BoundedThreadPool background("background", 1, 1, 5);
  BoundedThreadPool ordinary("ordinary", 1, 1);
  std::promise<int> in_background;
  std::promise<int> in_ordinary;
  ASSERT_TRUE(background.try_submit([&] { in_background.set_value(own_nice_value()); }));
  ASSERT_TRUE(ordinary.try_submit([&] { in_ordinary.set_value(own_nice_value()); }));
  EXPECT_EQ(in_background.get_future().get(), std::min(19, process + 5));
  EXPECT_EQ(in_ordinary.get_future().get(), process);
  EXPECT_EQ(own_nice_value(), process);  // the caller's thread keeps its priority
}

TEST(BoundedThreadPool, ATaskThatThrowsDoesNotStopThePool) {
  BoundedThreadPool pool("test", 1, 4);
  ASSERT_TRUE(pool.try_submit([] { throw std::runtime_error("broken"); }));
  std::promise<void> ran;
  ASSERT_TRUE(pool.try_submit([&ran] { ran.set_value(); }));
  EXPECT_EQ(ran.get_future().wait_for(10s), std::future_status::ready);
}

}  // namespace
}  // namespace artshop::concurrency
