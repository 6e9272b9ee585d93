#include "artshop/sql/migrations.hpp"

#include <string>

namespace artshop::sql {

MigrationReport migrate(Connection& connection, std::span<const Migration> migrations,
                        MigrationTarget& target) {
  MigrationReport report;
  report.from_version = target.version(connection);
  report.to_version = report.from_version;
  const int newest_known = migrations.empty() ? 0 : migrations.back().version;
  if (report.from_version > newest_known) {
    throw DatabaseError(0,
                        "the database is at schema version " + std::to_string(report.from_version) +
                            ", newer than this build knows (" + std::to_string(newest_known) + ")");
  }
  for (const auto& migration : migrations) {
    if (migration.version <= report.from_version) continue;
    const auto transaction = target.begin_step(connection);
    // Another process may have applied it while this one waited.
    if (target.version(connection) >= migration.version) continue;
    connection.execute(migration.sql);
    target.check_step(connection, migration);
    connection.prepare("INSERT INTO schema_migrations (version, name) VALUES (?1, ?2)")
        .bind(1, migration.version)
        .bind(2, migration.name)
        .run();
    transaction->commit();
    report.applied.push_back(migration.version);
    report.to_version = migration.version;
  }
  return report;
}

}  // namespace artshop::sql
