#pragma once

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "artshop/core/ports/database_unavailable.hpp"
#include "artshop/sql/connection.hpp"

namespace artshop::sql {

// What a pool lends and how long its callers waited, for /metrics.
struct PoolStats {
  std::size_t size = 0;
  std::size_t in_use = 0;
  std::size_t waiting = 0;    // callers waiting for a connection now
  std::uint64_t waits = 0;    // leases that found every connection lent
  std::uint64_t gave_up = 0;  // of them, those that waited in vain (DatabaseUnavailable)
  double wait_seconds = 0;    // the time all of them waited
};

// A fixed set of connections of one driver (`Driver`, a sql::Connection) to one database,
// lent to one thread at a time. Sized to the threads that query, so a thread seldom waits for
// a connection; one that waits `wait` in vain (every connection held by work that is itself
// stuck, say on a lock) is told the database is unavailable rather than held without end.
template <class Driver>
class ConnectionPool {
 public:
  using Connect = std::function<std::unique_ptr<Driver>()>;
  // Called on a connection before it is lent, outside the pool's lock (it may make the
  // connection again, over the network).
  using Prepare = std::function<void(Driver&)>;
  // As long as it takes.
  static constexpr std::chrono::milliseconds kNoLimit = std::chrono::milliseconds::max();

  ConnectionPool(const Connect& connect, std::size_t size, Prepare prepare = {},
                 std::chrono::milliseconds wait = kNoLimit)
      : prepare_(std::move(prepare)), wait_(wait) {
    const std::size_t count = std::max<std::size_t>(size, 1);
    idle_.reserve(count);
    for (std::size_t i = 0; i < count; ++i) idle_.push_back(connect());
    size_ = count;
  }

  class Lease {
   public:
    Lease(ConnectionPool& pool, std::unique_ptr<Driver> connection) noexcept
        : pool_(&pool), connection_(std::move(connection)) {}
    ~Lease() {
      if (connection_) pool_->release(std::move(connection_));
    }
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    Lease(Lease&&) noexcept = default;
    Lease& operator=(Lease&&) = delete;

    Driver& operator*() const noexcept { return *connection_; }
    Driver* operator->() const noexcept { return connection_.get(); }

   private:
    ConnectionPool* pool_;
    std::unique_ptr<Driver> connection_;
  };

  // Waits until a connection is free; throws DatabaseUnavailable when none came free within
  // the pool's wait.
  Lease acquire() {
    std::unique_lock lock(mutex_);
    if (idle_.empty()) wait_for_one(lock);
    Lease lease(*this, std::move(idle_.back()));
    idle_.pop_back();
    lock.unlock();
    if (prepare_) prepare_(*lease);
    return lease;
  }

  PoolStats stats() const {
    const std::lock_guard lock(mutex_);
    return {.size = size_,
            .in_use = size_ - idle_.size(),
            .waiting = waiting_,
            .waits = waits_,
            .gave_up = gave_up_,
            .wait_seconds = std::chrono::duration<double>(waited_).count()};
  }

  // True when the database answers a trivial query on its migrated schema (the readiness
  // check).
  bool ping() {
    try {
      auto connection = acquire();
      auto statement = connection->prepare("SELECT count(*) FROM schema_migrations");
      return statement.step();
    } catch (const DatabaseError&) {
      return false;
    } catch (const DatabaseUnavailable&) {
      return false;
    }
  }

 private:
  void wait_for_one(std::unique_lock<std::mutex>& lock) {
    const auto started = std::chrono::steady_clock::now();
    ++waits_;
    ++waiting_;
    const auto free = [this] { return !idle_.empty(); };
    const bool found = wait_ == kNoLimit ? (available_.wait(lock, free), true)
                                         : available_.wait_for(lock, wait_, free);
    --waiting_;
    waited_ += std::chrono::steady_clock::now() - started;
    if (found) return;
    ++gave_up_;
    throw DatabaseUnavailable("no database connection came free within " +
                              std::to_string(wait_.count()) + " ms (all " + std::to_string(size_) +
                              " of the pool in use)");
  }

  void release(std::unique_ptr<Driver> connection) {
    {
      const std::lock_guard lock(mutex_);
      idle_.push_back(std::move(connection));
    }
    available_.notify_one();
  }

  Prepare prepare_;
  const std::chrono::milliseconds wait_;
  std::size_t size_ = 0;
  mutable std::mutex mutex_;
  std::condition_variable available_;
  std::vector<std::unique_ptr<Driver>> idle_;
  std::size_t waiting_ = 0;
  std::uint64_t waits_ = 0;
  std::uint64_t gave_up_ = 0;
  std::chrono::steady_clock::duration waited_{};
};

}  // namespace artshop::sql
