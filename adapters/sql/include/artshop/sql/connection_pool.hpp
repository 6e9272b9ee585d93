#pragma once

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "artshop/sql/connection.hpp"

namespace artshop::sql {

// A fixed set of connections of one driver (`Driver`, a sql::Connection) to one database,
// lent to one thread at a time. Sized to the threads that query, so a thread never waits for
// a connection another holds idle.
template <class Driver>
class ConnectionPool {
 public:
  using Connect = std::function<std::unique_ptr<Driver>()>;
  // Called on a connection before it is lent, outside the pool's lock (it may make the
  // connection again, over the network).
  using Prepare = std::function<void(Driver&)>;

  ConnectionPool(const Connect& connect, std::size_t size, Prepare prepare = {})
      : prepare_(std::move(prepare)) {
    const std::size_t count = std::max<std::size_t>(size, 1);
    idle_.reserve(count);
    for (std::size_t i = 0; i < count; ++i) idle_.push_back(connect());
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

  // Waits until a connection is free.
  Lease acquire() {
    std::unique_lock lock(mutex_);
    available_.wait(lock, [this] { return !idle_.empty(); });
    Lease lease(*this, std::move(idle_.back()));
    idle_.pop_back();
    lock.unlock();
    if (prepare_) prepare_(*lease);
    return lease;
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
    }
  }

 private:
  void release(std::unique_ptr<Driver> connection) {
    {
      const std::lock_guard lock(mutex_);
      idle_.push_back(std::move(connection));
    }
    available_.notify_one();
  }

  Prepare prepare_;
  std::mutex mutex_;
  std::condition_variable available_;
  std::vector<std::unique_ptr<Driver>> idle_;
};

}  // namespace artshop::sql
