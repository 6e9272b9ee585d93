#include "artshop/sqlite/migrations.hpp"

#include <sqlite3.h>

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

}  // namespace

int schema_version(Connection& connection) {
  ensure_bookkeeping(connection);
  auto statement = connection.prepare("SELECT coalesce(max(version), 0) FROM schema_migrations");
  statement.step();
  return static_cast<int>(statement.column_int(0));
}

MigrationReport migrate(Connection& connection, std::span<const Migration> migrations) {
  MigrationReport report;
  report.from_version = schema_version(connection);
  report.to_version = report.from_version;
  const int newest_known = migrations.empty() ? 0 : migrations.back().version;
  if (report.from_version > newest_known) {
    throw DatabaseError(SQLITE_ERROR,
                        "the database is at schema version " + std::to_string(report.from_version) +
                            ", newer than this build knows (" + std::to_string(newest_known) + ")");
  }
  const ForeignKeysOff foreign_keys_off(connection);
  for (const auto& migration : migrations) {
    if (migration.version <= report.from_version) continue;
    Transaction transaction(connection, Transaction::Kind::Immediate);
    // Another process may have applied it while this one waited for the write lock.
    if (schema_version(connection) >= migration.version) continue;
    connection.execute(migration.sql);
    check_foreign_keys(connection, migration);
    connection.prepare("INSERT INTO schema_migrations (version, name) VALUES (?1, ?2)")
        .bind(1, migration.version)
        .bind(2, migration.name)
        .run();
    transaction.commit();
    report.applied.push_back(migration.version);
    report.to_version = migration.version;
  }
  return report;
}

}  // namespace artshop::sqlite
