#pragma once

// The little a repository needs of an SQL database: run a statement with bound parameters,
// read the rows it answers, and know how many rows a write changed. The repositories of this
// library are written once against it; each database (SQLite, PostgreSQL) supplies a driver.
//
// The SQL the repositories send is the dialect both databases share:
// - parameters numbered `?1`, `?2`... (or `?` in order), bound by number from 1;
// - new ids come back through `INSERT ... RETURNING id`, never a "last insert id";
// - `ON CONFLICT ... DO NOTHING / DO UPDATE`, never `INSERT OR IGNORE`;
// - integers, text and NULL only: money, counts, times (seconds since the epoch) and flags
//   (0 or 1) are 64-bit integers, enums are text;
// - a parameter whose type the statement does not fix (in arithmetic, in a select list) is
//   written `CAST(?1 AS BIGINT)`.

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace artshop::sql {

// A database failure a caller cannot recover from (disk full, a lost server, a bug in SQL, a
// corrupt row). Expected outcomes never travel as this: repositories return values.
class DatabaseError : public std::runtime_error {
 public:
  // `code` is the driver's own (an SQLite result code; 0 where the driver has none).
  DatabaseError(int code, const std::string& message) : std::runtime_error(message), code_(code) {}
  int code() const noexcept { return code_; }

 private:
  int code_;
};

// One prepared statement of a driver, with its parameters and its current row. Parameters are
// numbered from 1 and columns from 0.
class Cursor {
 public:
  virtual ~Cursor() = default;
  virtual void bind(int index, std::int64_t value) = 0;
  virtual void bind(int index, std::string_view value) = 0;
  virtual void bind_null(int index) = 0;
  // Runs the statement on the first call; advances to the next row; false when there is none.
  virtual bool step() = 0;
  // Runs a statement whose rows, if any, are not read.
  virtual void run() = 0;
  // Forgets the rows, keeps the bound parameters, so the statement can run again.
  virtual void reset() = 0;
  virtual bool is_null(int column) const = 0;
  virtual std::int64_t column_int(int column) const = 0;
  virtual std::string column_text(int column) const = 0;
};

// A statement ready to bind and run, as repositories use it:
//   auto rows = db.prepare("SELECT id FROM offers WHERE category = ?1");
//   rows.bind(1, category);
//   while (rows.step()) ids.push_back(rows.column_int(0));
class Statement {
 public:
  explicit Statement(std::unique_ptr<Cursor> cursor) noexcept : cursor_(std::move(cursor)) {}

  Statement& bind(int index, std::int64_t value) {
    cursor_->bind(index, value);
    return *this;
  }
  Statement& bind(int index, int value) { return bind(index, std::int64_t{value}); }
  Statement& bind(int index, std::string_view value) {
    cursor_->bind(index, value);
    return *this;
  }
  Statement& bind(int index, const char* value) { return bind(index, std::string_view(value)); }
  Statement& bind(int index, const std::string& value) {
    return bind(index, std::string_view(value));
  }
  Statement& bind(int index, double value) = delete;  // money and counts are integers
  Statement& bind_null(int index) {
    cursor_->bind_null(index);
    return *this;
  }
  template <class T>
  Statement& bind(int index, const std::optional<T>& value) {
    return value ? bind(index, *value) : bind_null(index);
  }

  bool step() { return cursor_->step(); }
  void run() { cursor_->run(); }
  void reset() { cursor_->reset(); }

  bool is_null(int column) const { return cursor_->is_null(column); }
  std::int64_t column_int(int column) const { return cursor_->column_int(column); }
  std::string column_text(int column) const { return cursor_->column_text(column); }
  std::optional<std::int64_t> column_optional_int(int column) const {
    if (is_null(column)) return std::nullopt;
    return column_int(column);
  }
  std::optional<std::string> column_optional_text(int column) const {
    if (is_null(column)) return std::nullopt;
    return column_text(column);
  }

 private:
  std::unique_ptr<Cursor> cursor_;
};

// One open connection, used by one thread at a time, inside the transaction its unit of work
// opened.
class Connection {
 public:
  virtual ~Connection() = default;

  // Runs one or more statements that take no parameters and answer no rows.
  virtual void execute(std::string_view sql) = 0;
  virtual Statement prepare(std::string_view sql) = 0;
  // The same, kept prepared for the life of the connection, so a hot query is parsed and
  // planned once. One use of a text at a time.
  virtual Statement prepare_cached(std::string_view sql) = 0;
  // How many rows the last statement run on this connection inserted, updated or deleted.
  virtual std::int64_t changes() const = 0;
  // Ends the open transaction with COMMIT; throws when the database did not commit it.
  virtual void commit() { execute("COMMIT"); }

 protected:
  Connection() = default;
  Connection(const Connection&) = default;
  Connection& operator=(const Connection&) = default;
  Connection(Connection&&) = default;
  Connection& operator=(Connection&&) = default;
};

}  // namespace artshop::sql
