#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <unordered_map>

#include "artshop/sql/connection.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace artshop::sqlite {

// An SQLite failure carries SQLite's extended result code.
using sql::DatabaseError;

// One open database connection, used by one thread at a time: the SQLite driver of the
// repositories (artshop::sql).
class Connection final : public sql::Connection {
 public:
  // Opens (creating if needed) the file with WAL, synchronous=FULL, foreign keys and a busy
  // timeout, so concurrent writers wait for each other instead of failing.
  explicit Connection(const std::filesystem::path& file,
                      std::chrono::milliseconds busy_timeout = std::chrono::seconds(10));
  ~Connection() override;
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;
  Connection(Connection&& other) noexcept;
  Connection& operator=(Connection&& other) noexcept;

  void execute(std::string_view sql) override;
  sql::Statement prepare(std::string_view sql) override;
  // Reset, not finalized, when the returned Statement ends.
  sql::Statement prepare_cached(std::string_view sql) override;
  std::int64_t changes() const override;

 private:
  void finalize_cached() noexcept;

  sqlite3* db_ = nullptr;
  std::unordered_map<std::string, sqlite3_stmt*> cached_;
};

}  // namespace artshop::sqlite
