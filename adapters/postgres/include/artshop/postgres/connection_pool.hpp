#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "artshop/postgres/connection.hpp"
#include "artshop/sql/connection_pool.hpp"

namespace artshop::postgres {

// Connections to one database (sql::ConnectionPool), sized to the threads that query. A
// connection whose server went away (a restart, a failover) is connected again before it is
// lent, so the pool outlives the server's restarts. Connects `size` times (at least once) at
// once; throws DatabaseError when the server cannot be reached then, and acquire() throws when
// a connection had to be made again and the server still cannot be reached (it stays in the
// pool, to be tried again by the next lease). A caller that finds every connection lent waits
// at most `wait`, then is told the database is unavailable.
class ConnectionPool final : public sql::ConnectionPool<Connection> {
 public:
  ConnectionPool(const std::string& url, std::size_t size,
                 std::chrono::milliseconds wait = kNoLimit)
      : sql::ConnectionPool<Connection>([url] { return std::make_unique<Connection>(url); }, size,
                                        [](Connection& connection) {
                                          if (!connection.healthy()) connection.reconnect();
                                        },
                                        wait) {}

  // What run_transaction met on this pool's connections, for /metrics.
  struct Conflicts {
    std::atomic<std::uint64_t> retries{0};                 // attempts run again, whatever the cause
    std::atomic<std::uint64_t> serialization_failures{0};  // 40001
    std::atomic<std::uint64_t> deadlocks{0};               // 40P01
  };
  Conflicts& conflicts() noexcept { return conflicts_; }
  const Conflicts& conflicts() const noexcept { return conflicts_; }

 private:
  Conflicts conflicts_;
};

}  // namespace artshop::postgres
