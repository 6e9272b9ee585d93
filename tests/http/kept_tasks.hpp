#pragma once

#include <cstddef>
#include <functional>
#include <mutex>
#include <utility>
#include <vector>

#include "artshop/core/ports/executor.hpp"

namespace artshop::http::testing {

// A route's own executor that keeps its tasks until the test runs the oldest or drops them all
// (as an executor shutting down does).
class KeptTasks final : public Executor {
 public:
  bool try_submit(std::function<void()> task) override {
    const std::scoped_lock lock(mutex_);
    tasks_.push_back(std::move(task));
    return true;
  }
  // Tasks ever taken, run or not.
  std::size_t submitted() {
    const std::scoped_lock lock(mutex_);
    return tasks_.size() + ran_;
  }
  void run_oldest() {
    std::function<void()> task;
    {
      const std::scoped_lock lock(mutex_);
      task = std::move(tasks_.at(0));
      tasks_.erase(tasks_.begin());
      ++ran_;
    }
    task();
  }
  void drop_all() {
    const std::scoped_lock lock(mutex_);
    tasks_.clear();
  }

 private:
  std::mutex mutex_;
  std::vector<std::function<void()>> tasks_;
  std::size_t ran_ = 0;
};

}  // namespace artshop::http::testing
