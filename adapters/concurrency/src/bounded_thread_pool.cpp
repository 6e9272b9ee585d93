#include "artshop/concurrency/bounded_thread_pool.hpp"

#include <pthread.h>
#include <spdlog/spdlog.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <exception>

namespace artshop::concurrency {
namespace {

constexpr int kLowestPriority = 19;  // the largest nice value

}  // namespace

BoundedThreadPool::BoundedThreadPool(std::string name, unsigned threads, std::size_t queue_capacity,
                                     int niceness)
    : name_(std::move(name)),
      capacity_(queue_capacity),
      thread_count_(std::max(1U, threads)),
      niceness_(niceness) {
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
  // Linux keeps a nice value per thread: this one alone gives way, relative to the process's
  // own (which it inherited). Failing leaves it as it was.
  if (niceness_ > 0) {
    const auto self = static_cast<id_t>(::gettid());
    const int inherited = ::getpriority(PRIO_PROCESS, self);
    if (::setpriority(PRIO_PROCESS, self, std::min(kLowestPriority, inherited + niceness_)) != 0) {
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
