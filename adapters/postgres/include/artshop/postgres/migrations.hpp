#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "artshop/postgres/connection.hpp"

namespace artshop::postgres {

// One step of the schema. Versions only grow; an applied migration is never edited, a
// change is a new migration. The versions and names are SQLite's (sqlite::artshop_schema), so
// that a version means the same tables in either database.
struct Migration {
  int version;
  std::string_view name;
  std::string_view sql;
};

struct MigrationReport {
  int from_version = 0;
  int to_version = 0;
  std::vector<int> applied;
};

// Applies, in order and each in its own transaction, the migrations newer than the database's
// version. Refuses a database that is newer than the code (a downgrade). Several servers may
// migrate one database at once: each step takes a transaction-scoped advisory lock and reads
// the version again under it, so a step is applied once, by whoever comes first.
MigrationReport migrate(Connection& connection, std::span<const Migration> migrations);

// 0 for a database no migration has touched.
int schema_version(Connection& connection);

// The shop's schema, oldest first.
std::span<const Migration> artshop_schema();

}  // namespace artshop::postgres
