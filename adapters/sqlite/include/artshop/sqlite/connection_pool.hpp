#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>

#include "artshop/sql/connection_pool.hpp"
#include "artshop/sqlite/connection.hpp"

namespace artshop::sqlite {

// Connections to one database file (sql::ConnectionPool), sized to the threads that query.
class ConnectionPool final : public sql::ConnectionPool<Connection> {
 public:
  ConnectionPool(const std::filesystem::path& file, std::size_t size)
      : sql::ConnectionPool<Connection>([file] { return std::make_unique<Connection>(file); },
                                        size) {}
};

}  // namespace artshop::sqlite
