#pragma once

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <memory>

#include "artshop/sql/connection_pool.hpp"
#include "artshop/sqlite/connection.hpp"

namespace artshop::sqlite {

// Connections to one database file (sql::ConnectionPool), sized to the threads that query; a
// caller that finds every one lent waits at most `wait`.
class ConnectionPool final : public sql::ConnectionPool<Connection> {
 public:
  ConnectionPool(const std::filesystem::path& file, std::size_t size,
                 std::chrono::milliseconds wait = kNoLimit)
      : sql::ConnectionPool<Connection>([file] { return std::make_unique<Connection>(file); }, size,
                                        {}, wait) {}
};

}  // namespace artshop::sqlite
