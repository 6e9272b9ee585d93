#include "artshop/postgres/migrations.hpp"

#include <string>

#include "artshop/postgres/transaction.hpp"

namespace artshop::postgres {
namespace {

// READ COMMITTED whatever the server's default: each statement sees what committed before it
// began, so the version read after the lock is taken is the one the lock's last holder left.
// (A REPEATABLE READ snapshot would date from before the wait.)
constexpr std::string_view kBegin = "BEGIN ISOLATION LEVEL READ COMMITTED";

// The advisory lock every migrating server takes: "artshop" in ASCII, an arbitrary key that no
// other user of the database is likely to pick.
constexpr std::string_view kTakeMigrationLock = "SELECT pg_advisory_xact_lock(27428917218930544)";

constexpr std::string_view kBookkeeping =
    "CREATE TABLE IF NOT EXISTS schema_migrations ("
    "  version INTEGER PRIMARY KEY,"
    "  name TEXT NOT NULL,"
    "  applied_at TIMESTAMPTZ NOT NULL DEFAULT now()"
    ")";

int read_version(Connection& connection) {
  auto exists = connection.prepare("SELECT to_regclass('schema_migrations') IS NOT NULL");
  if (!exists.step() || exists.column_int(0) == 0) return 0;
  auto statement = connection.prepare("SELECT coalesce(max(version), 0) FROM schema_migrations");
  statement.step();
  return static_cast<int>(statement.column_int(0));
}

}  // namespace

int schema_version(Connection& connection) {
  return read_version(connection);
}

MigrationReport migrate(Connection& connection, std::span<const Migration> migrations) {
  MigrationReport report;
  report.from_version = schema_version(connection);
  report.to_version = report.from_version;
  const int newest_known = migrations.empty() ? 0 : migrations.back().version;
  if (report.from_version > newest_known) {
    throw DatabaseError("55000",
                        "the database is at schema version " + std::to_string(report.from_version) +
                            ", newer than this build knows (" + std::to_string(newest_known) + ")");
  }
  for (const auto& migration : migrations) {
    if (migration.version <= report.from_version) continue;
    Transaction transaction(connection, kBegin);
    connection.execute(kTakeMigrationLock);
    // Under the lock, since two servers' first migrations would both create it.
    connection.execute(kBookkeeping);
    // Another server may have applied it while this one waited for the lock.
    if (read_version(connection) >= migration.version) continue;
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

}  // namespace artshop::postgres
