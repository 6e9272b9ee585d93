#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <string>

#include "artshop/concurrency/bounded_thread_pool.hpp"
#include "artshop/core/ports/executor.hpp"

namespace artshop::http {

// The handlers that block (SQLite, password hashing, a remote store), off the event loops: the
// worker pool for ordinary API calls, or a route's own executor, and the count of handlers
// queued or running on any of them. The server returns only once that count is back to zero,
// so no handler outlives the event loop its answer goes back through.
class HandlerRunner {
 public:
  HandlerRunner(std::string name, unsigned threads, std::size_t queue);
  ~HandlerRunner();
  HandlerRunner(const HandlerRunner&) = delete;
  HandlerRunner& operator=(const HandlerRunner&) = delete;

  // Queues `work` on `executor` (nullptr: the worker pool), or answers false when its queue is
  // full, `work` dropped unrun. Whichever way the work ends (run, skipped, or dropped from a
  // queue unrun), it is destroyed, letting go of what it holds (the connection), before it
  // stops counting.
  bool try_submit(Executor* executor, std::function<void()> work);

  // The server is ending: work still queued is dropped or skipped from now on; waits for the
  // work running now, whose answer has nowhere left to go, then joins the pool.
  void abandon();

 private:
  class Ticket;
  void started();
  void finished();
  bool abandoned() const noexcept { return abandoning_.load(); }

  std::mutex mutex_;
  std::condition_variable done_;
  std::size_t in_flight_ = 0;  // guarded by mutex_
  std::atomic<bool> abandoning_{false};
  concurrency::BoundedThreadPool workers_;  // last: joined before the count goes away
};

}  // namespace artshop::http
