#include "artshop/sqlite/connection.hpp"

#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

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

}  // namespace

DatabaseError::DatabaseError(int code, const std::string& message)
    : std::runtime_error(message), code_(code) {}

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

Statement Connection::prepare(std::string_view sql) {
  sqlite3_stmt* stmt = nullptr;
  check(db_, sqlite3_prepare_v2(db_, sql.data(), static_cast<int>(sql.size()), &stmt, nullptr),
        sql);
  return Statement(db_, stmt);
}

Statement Connection::prepare_cached(std::string_view sql) {
  if (const auto found = cached_.find(std::string(sql)); found != cached_.end()) {
    return Statement(db_, found->second, true);
  }
  sqlite3_stmt* stmt = nullptr;
  check(db_,
        sqlite3_prepare_v3(db_, sql.data(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT,
                           &stmt, nullptr),
        sql);
  cached_.emplace(std::string(sql), stmt);
  return Statement(db_, stmt, true);
}

std::int64_t Connection::last_insert_id() const noexcept {
  return sqlite3_last_insert_rowid(db_);
}

int Connection::changes() const noexcept {
  return sqlite3_changes(db_);
}

Statement::~Statement() {
  if (!cached_) {
    sqlite3_finalize(stmt_);
  } else if (stmt_ != nullptr) {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
  }
}

Statement::Statement(Statement&& other) noexcept
    : db_(other.db_), stmt_(std::exchange(other.stmt_, nullptr)), cached_(other.cached_) {}

Statement& Statement::bind(int index, std::int64_t value) {
  check(db_, sqlite3_bind_int64(stmt_, index, value), "bind");
  return *this;
}

Statement& Statement::bind(int index, std::string_view value) {
  // An empty view may have a null data(), which SQLite would bind as NULL, not as ''.
  const char* text = value.data() != nullptr ? value.data() : "";
  check(db_,
        sqlite3_bind_text(stmt_, index, text, static_cast<int>(value.size()), SQLITE_TRANSIENT),
        "bind");
  return *this;
}

Statement& Statement::bind_null(int index) {
  check(db_, sqlite3_bind_null(stmt_, index), "bind");
  return *this;
}

bool Statement::step() {
  const int code = sqlite3_step(stmt_);
  if (code == SQLITE_ROW) return true;
  if (code == SQLITE_DONE) return false;
  fail(db_, code, sqlite3_sql(stmt_));
}

void Statement::run() {
  while (step()) {
  }
}

void Statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

bool Statement::is_null(int column) const {
  return sqlite3_column_type(stmt_, column) == SQLITE_NULL;
}

std::int64_t Statement::column_int(int column) const {
  return sqlite3_column_int64(stmt_, column);
}

std::string Statement::column_text(int column) const {
  const auto* text = sqlite3_column_text(stmt_, column);
  const int size = sqlite3_column_bytes(stmt_, column);
  if (text == nullptr) return {};
  return {reinterpret_cast<const char*>(text), static_cast<std::size_t>(size)};
}

std::optional<std::int64_t> Statement::column_optional_int(int column) const {
  if (is_null(column)) return std::nullopt;
  return column_int(column);
}

std::optional<std::string> Statement::column_optional_text(int column) const {
  if (is_null(column)) return std::nullopt;
  return column_text(column);
}

}  // namespace artshop::sqlite
