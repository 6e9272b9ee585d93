#pragma once

#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "artshop/postgres/connection.hpp"

namespace artshop::postgres {

// A fixed set of connections to one database, lent to one thread at a time. Sized to the
// worker pool, so a worker never waits for a connection another worker holds idle. A
// connection whose server went away (a restart, a failover) is connected again when it is
// next lent, so the pool outlives the server's restarts.
class ConnectionPool {
 public:
  // Connects `size` times (at least once); throws DatabaseError when the server cannot be
  // reached.
  ConnectionPool(std::string url, std::size_t size);

  class Lease {
   public:
    Lease(ConnectionPool& pool, std::unique_ptr<Connection> connection) noexcept
        : pool_(&pool), connection_(std::move(connection)) {}
    ~Lease();
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    Lease(Lease&&) noexcept = default;
    Lease& operator=(Lease&&) = delete;

    Connection& operator*() const noexcept { return *connection_; }
    Connection* operator->() const noexcept { return connection_.get(); }

   private:
    ConnectionPool* pool_;
    std::unique_ptr<Connection> connection_;
  };

  // Waits until a connection is free. Throws DatabaseError when the connection had to be
  // made again and the server still cannot be reached (it stays in the pool, to be tried
  // again by the next lease).
  Lease acquire();

  // True when the database answers a trivial query on its migrated schema (the readiness
  // check).
  bool ping();

 private:
  void release(std::unique_ptr<Connection> connection);

  std::string url_;
  std::mutex mutex_;
  std::condition_variable available_;
  std::vector<std::unique_ptr<Connection>> idle_;
};

}  // namespace artshop::postgres
