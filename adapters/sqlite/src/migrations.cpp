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
    throw DatabaseError(SQLITE_ERROR, "the database is at schema version " +
                                          std::to_string(report.from_version) +
                                          ", newer than this build knows (" +
                                          std::to_string(newest_known) + ")");
  }
  for (const auto& migration : migrations) {
    if (migration.version <= report.from_version) continue;
    Transaction transaction(connection, Transaction::Kind::Immediate);
    // Another process may have applied it while this one waited for the write lock.
    if (schema_version(connection) >= migration.version) continue;
    connection.execute(migration.sql);
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
