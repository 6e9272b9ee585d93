#pragma once

#include <cstddef>
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
// pool, to be tried again by the next lease).
class ConnectionPool final : public sql::ConnectionPool<Connection> {
 public:
  ConnectionPool(const std::string& url, std::size_t size)
      : sql::ConnectionPool<Connection>([url] { return std::make_unique<Connection>(url); }, size,
                                        [](Connection& connection) {
                                          if (!connection.healthy()) connection.reconnect();
                                        }) {}
};

}  // namespace artshop::postgres
