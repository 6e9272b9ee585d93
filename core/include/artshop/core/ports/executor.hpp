#pragma once

#include <functional>

namespace artshop {

// Runs tasks somewhere else: a bounded pool of threads of one kind of work (password hashing,
// image generation, rendering), or the caller's own thread in tests. Core starts no threads of
// its own; whoever needs work done elsewhere is handed an Executor by the app.
class Executor {
 public:
  virtual ~Executor() = default;

  // Queues `task` and answers true, or answers false at once, dropping the task, when the
  // executor's queue is full or it is shutting down: the caller sheds the work (an HTTP 503)
  // instead of waiting. A queued task runs exactly once. Thread-safe.
  virtual bool try_submit(std::function<void()> task) = 0;
};

// Runs each task at once on the calling thread: for tests, and for embedders with no threads.
class InlineExecutor final : public Executor {
 public:
  bool try_submit(std::function<void()> task) override {
    task();
    return true;
  }
};

}  // namespace artshop
