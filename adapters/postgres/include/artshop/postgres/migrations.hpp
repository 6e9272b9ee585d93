#pragma once

#include <span>
#include <string_view>

#include "artshop/postgres/connection.hpp"
#include "artshop/sql/migrations.hpp"

namespace artshop::postgres {

using sql::Migration;
using sql::MigrationReport;

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
