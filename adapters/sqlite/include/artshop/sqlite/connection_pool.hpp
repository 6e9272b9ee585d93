#pragma once

#include <condition_variable>
#include <cstddef>
#include <filesystem>
#include <memory>
#include <mutex>
#include <vector>

#include "artshop/sqlite/connection.hpp"

namespace artshop::sqlite {

// A fixed set of connections to one database file, lent to one thread at a time. Sized to the
// worker pool, so a worker never waits for a connection another worker holds idle.
class ConnectionPool {
 public:
  ConnectionPool(std::filesystem::path file, std::size_t size);

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

  // Waits until a connection is free.
  Lease acquire();

  // True when the database answers a trivial query (the readiness check).
  bool ping();

  const std::filesystem::path& file() const noexcept { return file_; }

 private:
  void release(std::unique_ptr<Connection> connection);

  std::filesystem::path file_;
  std::mutex mutex_;
  std::condition_variable available_;
  std::vector<std::unique_ptr<Connection>> idle_;
};

}  // namespace artshop::sqlite
