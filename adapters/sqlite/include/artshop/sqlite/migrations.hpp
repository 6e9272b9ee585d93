#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "artshop/sqlite/connection.hpp"

namespace artshop::sqlite {

// One step of the schema. Versions only grow; an applied migration is never edited, a
// change is a new migration.
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

// Applies, in order and each in its own write transaction, the migrations newer than the
// database's version. Refuses a database that is newer than the code (a downgrade).
// Migrations run with foreign keys off, so that one may rebuild a table others refer to; what
// the foreign keys would refuse is checked before each commits.
MigrationReport migrate(Connection& connection, std::span<const Migration> migrations);

int schema_version(Connection& connection);

// The shop's schema, oldest first.
std::span<const Migration> artshop_schema();

}  // namespace artshop::sqlite
