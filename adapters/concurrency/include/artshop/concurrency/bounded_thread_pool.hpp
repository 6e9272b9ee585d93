#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "artshop/core/ports/executor.hpp"

namespace artshop::concurrency {

// A fixed number of threads taking tasks from a queue of bounded length. A task submitted while
// the queue is full is refused at once (try_submit answers false), so a flood of one kind of
// work is shed instead of piling up in memory and in front of later requests.
class BoundedThreadPool final : public Executor {
 public:
  // `threads` of at least 1 run the tasks; at most `queue_capacity` tasks wait for a thread
  // (0: a task is accepted only when a thread is idle). `name` labels the threads and metrics.
  // With Priority::Idle the threads run only on CPU time no other thread of the machine wants
  // (Linux's SCHED_IDLE): for pure computation that holds no lock others wait on, so that it
  // never delays cheap work, however much of it queues. With Priority::Low they run at nice
  // kLowPriorityNice: they take about a quarter of what a busy ordinary thread of the machine
  // would (Linux's weights, 335 against 1024), so that costly calls of visitors (unseen
  // searches) wait behind the I/O threads' cheap ones without starving under load. (Nice 10, a
  // tenth, starved them beside a busy neighbour: docs/benchmarks.md, "A page's offers from
  // memory".)
  enum class Priority : std::uint8_t { Normal, Low, Idle };
  static constexpr int kLowPriorityNice = 5;
  BoundedThreadPool(std::string name, unsigned threads, std::size_t queue_capacity,
                    Priority priority = Priority::Normal);
  // Stops, then runs nothing more of the queue and joins the threads.
  ~BoundedThreadPool() override;
  BoundedThreadPool(const BoundedThreadPool&) = delete;
  BoundedThreadPool& operator=(const BoundedThreadPool&) = delete;

  bool try_submit(std::function<void()> task) override;

  // Refuses new tasks from now on and drops (destroys without running) the queued ones; tasks
  // already running finish. join() then waits for them. Both are idempotent.
  void stop();
  void join();

  struct Stats {
    std::size_t queued = 0;     // waiting for a thread now
    std::size_t running = 0;    // on a thread now
    std::uint64_t refused = 0;  // since start, because the queue was full or the pool stopped
    std::uint64_t completed = 0;
  };
  Stats stats() const;
  const std::string& name() const noexcept { return name_; }
  unsigned threads() const noexcept { return static_cast<unsigned>(thread_count_); }
  std::size_t queue_capacity() const noexcept { return capacity_; }

 private:
  void work();

  std::string name_;
  std::size_t capacity_;
  std::size_t thread_count_;
  Priority priority_;
  mutable std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> queue_;
  std::size_t running_ = 0;
  std::uint64_t refused_ = 0;
  std::uint64_t completed_ = 0;
  bool stopping_ = false;
  std::vector<std::thread> threads_;  // last: started once everything above exists
};

}  // namespace artshop::concurrency
