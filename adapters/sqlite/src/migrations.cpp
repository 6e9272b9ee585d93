#include "artshop/sqlite/migrations.hpp"

#include <sqlite3.h>

#include <memory>
#include <string>

#include "artshop/sqlite/transaction.hpp"

namespace artshop::sqlite {
namespace {

void ensure_bookkeeping(Connection& connection) {
  connection.execute(
      "CREATE TABLE IF NOT EXISTS schema_migrations ("
      "  version INTEGER PRIMARY KEY,"
      "  name TEXT NOT NULL,"
      "  applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))"
      ") STRICT");
}

// Foreign keys off for as long as it lives, as they were when it ends. SQLite's way to change
// a table others refer to is to build the new one, copy, drop the old one and rename
// (https://sqlite.org/lang_altertable.html#otheralter); with foreign keys on, the drop would
// delete the rows that refer to it, or be refused. The pragma is a no-op inside a
// transaction, so it is set around them.
class ForeignKeysOff {
 public:
  explicit ForeignKeysOff(Connection& connection) : connection_(connection) {
    auto enabled = connection_.prepare("PRAGMA foreign_keys");
    was_on_ = enabled.step() && enabled.column_int(0) != 0;
    connection_.execute("PRAGMA foreign_keys = OFF");
  }
  ~ForeignKeysOff() {
    try {
      if (was_on_) connection_.execute("PRAGMA foreign_keys = ON");
    } catch (const DatabaseError&) {
      // Outside a transaction the pragma cannot fail short of a broken connection.
    }
  }
  ForeignKeysOff(const ForeignKeysOff&) = delete;
  ForeignKeysOff& operator=(const ForeignKeysOff&) = delete;

 private:
  Connection& connection_;
  bool was_on_ = false;
};

// What the foreign keys would have refused, checked before a migration commits.
void check_foreign_keys(Connection& connection, const Migration& migration) {
  auto violations = connection.prepare("PRAGMA foreign_key_check");
  if (!violations.step()) return;
  throw DatabaseError(SQLITE_CONSTRAINT_FOREIGNKEY,
                      "migration " + std::to_string(migration.version) + " (" +
                          std::string(migration.name) + ") leaves a row of " +
                          violations.column_text(0) + " referring to a missing row of " +
                          violations.column_text(2));
}

// SQLite's ways: a write transaction holds the one write lock, and the foreign keys, off while
// migrating, are checked before each step commits.
class SqliteTarget final : public sql::MigrationTarget {
 public:
  explicit SqliteTarget(Connection& connection) noexcept : connection_(connection) {}

  int version(sql::Connection& /*same connection*/) override { return schema_version(connection_); }
  std::unique_ptr<sql::Transaction> begin_step(sql::Connection& /*same connection*/) override {
    return std::make_unique<Transaction>(connection_, Transaction::Kind::Immediate);
  }
  void check_step(sql::Connection& /*same connection*/, const Migration& migration) override {
    check_foreign_keys(connection_, migration);
  }

 private:
  Connection& connection_;
};

}  // namespace

int schema_version(Connection& connection) {
  ensure_bookkeeping(connection);
  auto statement = connection.prepare("SELECT coalesce(max(version), 0) FROM schema_migrations");
  statement.step();
  return static_cast<int>(statement.column_int(0));
}

MigrationReport migrate(Connection& connection, std::span<const Migration> migrations) {
  const ForeignKeysOff foreign_keys_off(connection);
  SqliteTarget target(connection);
  return sql::migrate(connection, migrations, target);
}

}  // namespace artshop::sqlite
