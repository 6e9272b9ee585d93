#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>

struct sqlite3;
struct sqlite3_stmt;

namespace artshop::sqlite {

// An SQLite failure that a caller cannot recover from (disk full, corrupt file, a bug in SQL).
// Expected outcomes never travel as this: repositories return values.
class DatabaseError : public std::runtime_error {
 public:
  DatabaseError(int code, const std::string& message);
  int code() const noexcept { return code_; }

 private:
  int code_;
};

class Statement;

// One open database connection, used by one thread at a time.
class Connection {
 public:
  // Opens (creating if needed) the file with WAL, synchronous=FULL, foreign keys and a busy
  // timeout, so concurrent writers wait for each other instead of failing.
  explicit Connection(const std::filesystem::path& file,
                      std::chrono::milliseconds busy_timeout = std::chrono::seconds(10));
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;
  Connection(Connection&& other) noexcept;
  Connection& operator=(Connection&& other) noexcept;

  // Runs one or more statements that take no parameters and return no rows.
  void execute(std::string_view sql);
  Statement prepare(std::string_view sql);
  // The same, kept prepared for the life of the connection, so a hot query is parsed and
  // planned once; reset when the returned Statement ends. One use of a text at a time.
  Statement prepare_cached(std::string_view sql);

  std::int64_t last_insert_id() const noexcept;
  int changes() const noexcept;
  sqlite3* handle() const noexcept { return db_; }

 private:
  void finalize_cached() noexcept;

  sqlite3* db_ = nullptr;
  std::unordered_map<std::string, sqlite3_stmt*> cached_;
};

// A prepared statement. Parameters are numbered from 1, columns from 0, as SQLite does.
class Statement {
 public:
  Statement(sqlite3* db, sqlite3_stmt* stmt, bool cached = false) noexcept
      : db_(db), stmt_(stmt), cached_(cached) {}
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  Statement(Statement&& other) noexcept;
  Statement& operator=(Statement&&) = delete;

  Statement& bind(int index, std::int64_t value);
  Statement& bind(int index, int value) { return bind(index, std::int64_t{value}); }
  Statement& bind(int index, std::string_view value);
  Statement& bind(int index, const char* value) { return bind(index, std::string_view(value)); }
  Statement& bind(int index, const std::string& value) {
    return bind(index, std::string_view(value));
  }
  Statement& bind(int index, double value) = delete;  // money and counts are integers
  Statement& bind_null(int index);
  template <class T>
  Statement& bind(int index, const std::optional<T>& value) {
    return value ? bind(index, *value) : bind_null(index);
  }

  // Advances to the next row; false when there are no more.
  bool step();
  // Runs a statement that returns no rows.
  void run();
  void reset();

  bool is_null(int column) const;
  std::int64_t column_int(int column) const;
  std::string column_text(int column) const;
  std::optional<std::int64_t> column_optional_int(int column) const;
  std::optional<std::string> column_optional_text(int column) const;

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_;
  bool cached_ = false;  // owned by the connection's cache: reset, not finalized, at the end
};

}  // namespace artshop::sqlite
