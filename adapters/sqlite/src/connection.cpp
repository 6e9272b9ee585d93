#include "artshop/sqlite/connection.hpp"

#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

#include <memory>
#include <utility>

namespace artshop::sqlite {
namespace {

[[noreturn]] void fail(sqlite3* db, int code, std::string_view context) {
  std::string message(context);
  message += ": ";
  message += db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(code);
  throw DatabaseError(code, message);
}

void check(sqlite3* db, int code, std::string_view context) {
  if (code != SQLITE_OK) fail(db, code, context);
}

// The database holds password hashes and customers' orders: a new file is the owner's alone.
// SQLite gives the -wal and -shm files it creates the database file's mode.
void create_owner_only(const std::filesystem::path& file) {
  const auto name = file.string();
  if (name.empty() || name == ":memory:" || name.starts_with("file:")) return;
  const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd >= 0) ::close(fd);  // an existing file (EEXIST) keeps its mode
}

// Before SQLite initialises: its memory statistics take a global mutex on every allocation,
// which every connection of the process would queue on.
void configure_library_once() {
  static const bool configured = [] {
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    return true;
  }();
  (void)configured;
}

// A statement of this connection behind the driver interface. One the connection caches is
// reset, not finalized, when its Statement ends.
class Cursor final : public sql::Cursor {
 public:
  Cursor(sqlite3* db, sqlite3_stmt* stmt, bool cached) noexcept
      : db_(db), stmt_(stmt), cached_(cached) {}
  ~Cursor() override {
    if (cached_) {
      sqlite3_reset(stmt_);
      sqlite3_clear_bindings(stmt_);
    } else {
      sqlite3_finalize(stmt_);
    }
  }
  Cursor(const Cursor&) = delete;
  Cursor& operator=(const Cursor&) = delete;
  Cursor(Cursor&&) = delete;
  Cursor& operator=(Cursor&&) = delete;

  void bind(int index, std::int64_t value) override {
    check(db_, sqlite3_bind_int64(stmt_, index, value), "bind");
  }

  void bind(int index, std::string_view value) override {
    // An empty view may have a null data(), which SQLite would bind as NULL, not as ''.
    const char* text = value.data() != nullptr ? value.data() : "";
    check(db_,
          sqlite3_bind_text(stmt_, index, text, static_cast<int>(value.size()), SQLITE_TRANSIENT),
          "bind");
  }

  void bind_null(int index) override { check(db_, sqlite3_bind_null(stmt_, index), "bind"); }

  bool step() override {
    const int code = sqlite3_step(stmt_);
    if (code == SQLITE_ROW) return true;
    if (code == SQLITE_DONE) return false;
    fail(db_, code, sqlite3_sql(stmt_));
  }

  void run() override {
    while (step()) {
    }
  }

  void reset() override { sqlite3_reset(stmt_); }

  bool is_null(int column) const override {
    return sqlite3_column_type(stmt_, column) == SQLITE_NULL;
  }

  std::int64_t column_int(int column) const override { return sqlite3_column_int64(stmt_, column); }

  std::string column_text(int column) const override {
    const auto* text = sqlite3_column_text(stmt_, column);
    const int size = sqlite3_column_bytes(stmt_, column);
    if (text == nullptr) return {};
    return {reinterpret_cast<const char*>(text), static_cast<std::size_t>(size)};
  }

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_;
  bool cached_;
};

sql::Statement statement(sqlite3* db, sqlite3_stmt* stmt, bool cached) {
  return sql::Statement(std::make_unique<Cursor>(db, stmt, cached));
}

}  // namespace

Connection::Connection(const std::filesystem::path& file, std::chrono::milliseconds busy_timeout) {
  configure_library_once();
  create_owner_only(file);
  const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
  const int opened = sqlite3_open_v2(file.c_str(), &db_, flags, nullptr);
  if (opened != SQLITE_OK) {
    const std::string message = db_ != nullptr ? sqlite3_errmsg(db_) : sqlite3_errstr(opened);
    sqlite3_close_v2(db_);
    db_ = nullptr;
    throw DatabaseError(opened, "cannot open " + file.string() + ": " + message);
  }
  sqlite3_extended_result_codes(db_, 1);
  check(db_, sqlite3_busy_timeout(db_, static_cast<int>(busy_timeout.count())), "busy_timeout");
  execute(
      "PRAGMA journal_mode = WAL;"
      "PRAGMA synchronous = FULL;"
      "PRAGMA foreign_keys = ON;"
      "PRAGMA temp_store = MEMORY;"
      // Reads map the file instead of copying pages into each connection's small cache: a
      // filtered count over a large catalogue touches thousands of pages per request.
      "PRAGMA mmap_size = 268435456;");
}

Connection::~Connection() {
  finalize_cached();
  sqlite3_close_v2(db_);
}

Connection::Connection(Connection&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)), cached_(std::move(other.cached_)) {
  other.cached_.clear();
}

Connection& Connection::operator=(Connection&& other) noexcept {
  if (this != &other) {
    finalize_cached();
    sqlite3_close_v2(db_);
    db_ = std::exchange(other.db_, nullptr);
    cached_ = std::move(other.cached_);
    other.cached_.clear();
  }
  return *this;
}

void Connection::finalize_cached() noexcept {
  for (const auto& [sql, stmt] : cached_) sqlite3_finalize(stmt);
  cached_.clear();
}

void Connection::execute(std::string_view sql) {
  const std::string text(sql);
  char* error = nullptr;
  const int code = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &error);
  if (code != SQLITE_OK) {
    std::string message = error != nullptr ? error : sqlite3_errstr(code);
    sqlite3_free(error);
    throw DatabaseError(code, message);
  }
}

sql::Statement Connection::prepare(std::string_view sql) {
  sqlite3_stmt* stmt = nullptr;
  check(db_, sqlite3_prepare_v2(db_, sql.data(), static_cast<int>(sql.size()), &stmt, nullptr),
        sql);
  return statement(db_, stmt, false);
}

sql::Statement Connection::prepare_cached(std::string_view sql) {
  if (const auto found = cached_.find(std::string(sql)); found != cached_.end()) {
    return statement(db_, found->second, true);
  }
  sqlite3_stmt* stmt = nullptr;
  check(db_,
        sqlite3_prepare_v3(db_, sql.data(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT,
                           &stmt, nullptr),
        sql);
  cached_.emplace(std::string(sql), stmt);
  return statement(db_, stmt, true);
}

std::int64_t Connection::changes() const {
  return sqlite3_changes64(db_);
}

}  // namespace artshop::sqlite
