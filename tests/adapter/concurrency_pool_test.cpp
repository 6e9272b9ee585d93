#include <gtest/gtest.h>
#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <future>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

#include "artshop/concurrency/bounded_thread_pool.hpp"
#include "artshop/concurrency/offloaded.hpp"

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

int own_policy() {
  int policy = -1;
  sched_param unused{};
  ::pthread_getschedparam(::pthread_self(), &policy, &unused);
  return policy;
}

TEST(BoundedThreadPool, AnIdlePoolRunsItsTasksAtTheIdlePriorityAndAnOrdinaryOneDoesNot) {
  BoundedThreadPool idle("idle", 1, 1, BoundedThreadPool::Priority::Idle);
  BoundedThreadPool ordinary("ordinary", 1, 1);
  std::promise<int> in_idle;
  std::promise<int> in_ordinary;
  ASSERT_TRUE(idle.try_submit([&] { in_idle.set_value(own_policy()); }));
  ASSERT_TRUE(ordinary.try_submit([&] { in_ordinary.set_value(own_policy()); }));
  EXPECT_EQ(in_idle.get_future().get(), SCHED_IDLE);
  EXPECT_EQ(in_ordinary.get_future().get(), SCHED_OTHER);
  EXPECT_EQ(own_policy(), SCHED_OTHER);  // the caller's thread keeps its priority
}

int own_nice() {
  return ::getpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()));
}

TEST(BoundedThreadPool, ALowPoolRunsItsTasksAtNiceFiveAndTheCallerKeepsItsOwn) {
  const auto callers = own_nice();
  BoundedThreadPool low("low", 1, 1, BoundedThreadPool::Priority::Low);
  std::promise<std::pair<int, int>> in_low;
  ASSERT_TRUE(low.try_submit([&] { in_low.set_value({own_nice(), own_policy()}); }));
  const auto [nice, policy] = in_low.get_future().get();
  EXPECT_EQ(nice, std::min(callers + BoundedThreadPool::kLowPriorityNice, 19));
  EXPECT_EQ(policy, SCHED_OTHER) << "still an ordinary thread, only lower";
  EXPECT_EQ(own_nice(), callers);
}

TEST(RunAndWait, AnswersWhatTheTaskReturnedOnThePoolsThread) {
  BoundedThreadPool pool("pool", 1, 1);
  const auto caller = std::this_thread::get_id();
  const auto ran_on = run_and_wait(pool, [] { return std::this_thread::get_id(); });
  EXPECT_NE(ran_on, caller);
  EXPECT_EQ(run_and_wait(pool, [] { return 6 * 7; }), 42);
}

TEST(RunAndWait, ThrowsWhatTheTaskThrew) {
  BoundedThreadPool pool("pool", 1, 1);
  EXPECT_THROW(run_and_wait(pool, []() -> int { throw std::invalid_argument("no"); }),
               std::invalid_argument);
  EXPECT_EQ(run_and_wait(pool, [] { return 1; }), 1) << "the pool goes on";
}

TEST(RunAndWait, WhenThePoolRefusesThrowsInsteadOfWaitingForever) {
  BoundedThreadPool pool("pool", 1, 0);
  pool.stop();
  EXPECT_THROW(run_and_wait(pool, [] { return 1; }), std::runtime_error);
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
