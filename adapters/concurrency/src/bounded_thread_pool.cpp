#include "artshop/concurrency/bounded_thread_pool.hpp"

#include <pthread.h>
#include <sched.h>
#include <spdlog/spdlog.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <exception>

namespace artshop::concurrency {

BoundedThreadPool::BoundedThreadPool(std::string name, unsigned threads, std::size_t queue_capacity,
                                     Priority priority)
    : name_(std::move(name)),
      capacity_(queue_capacity),
      thread_count_(std::max(1U, threads)),
      priority_(priority) {
  threads_.reserve(thread_count_);
  for (unsigned i = 0; i < thread_count_; ++i) {
    threads_.emplace_back([this] { work(); });
    // Linux keeps 15 characters of a thread's name; enough to tell the pools apart in top -H.
    pthread_setname_np(threads_.back().native_handle(), name_.substr(0, 15).c_str());
  }
}

BoundedThreadPool::~BoundedThreadPool() {
  stop();
  join();
}

bool BoundedThreadPool::try_submit(std::function<void()> task) {
  {
    std::unique_lock lock(mutex_);
    // A thread not running a task takes one at once (or as soon as it has started), so
    // those tasks do not count against the waiting room.
    const auto free_threads = thread_count_ - running_;
    if (stopping_ || queue_.size() + 1 > free_threads + capacity_) {
      ++refused_;
      lock.unlock();
      return false;  // `task` is destroyed here, outside the lock
    }
    queue_.push_back(std::move(task));
  }
  ready_.notify_one();
  return true;
}

void BoundedThreadPool::stop() {
  std::deque<std::function<void()>> dropped;
  {
    const std::scoped_lock lock(mutex_);
    stopping_ = true;
    dropped.swap(queue_);
  }
  ready_.notify_all();
  // Destroyed outside the lock: a task's captures may do work when they go away.
  dropped.clear();
}

void BoundedThreadPool::join() {
  for (auto& thread : threads_) {
    if (thread.joinable() && thread.get_id() != std::this_thread::get_id()) thread.join();
  }
}

BoundedThreadPool::Stats BoundedThreadPool::stats() const {
  const std::scoped_lock lock(mutex_);
  return {
      .queued = queue_.size(), .running = running_, .refused = refused_, .completed = completed_};
}

void BoundedThreadPool::work() {
  // For good: an unprivileged thread may not leave SCHED_IDLE again. Failing leaves it as it was.
  if (priority_ == Priority::Low &&
      ::setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()), kLowPriorityNice) != 0) {
    spdlog::warn("{}: could not lower the threads' priority", name_);
  }
  if (priority_ == Priority::Idle) {
    const sched_param unused{};
    if (::pthread_setschedparam(::pthread_self(), SCHED_IDLE, &unused) != 0) {
      spdlog::warn("{}: could not lower the threads' priority", name_);
    }
  }
  std::unique_lock lock(mutex_);
  while (true) {
    ready_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stopping, and nothing left that may run
    auto task = std::move(queue_.front());
    queue_.pop_front();
    ++running_;
    lock.unlock();
    try {
      task();
    } catch (const std::exception& e) {
      spdlog::error("{}: a task threw: {}", name_, e.what());
    } catch (...) {
      spdlog::error("{}: a task threw an unknown exception", name_);
    }
    task = nullptr;  // captures go before the task counts as done
    lock.lock();
    --running_;
    ++completed_;
  }
}

}  // namespace artshop::concurrency
