#pragma once

#include <span>
#include <string_view>

#include "artshop/sql/migrations.hpp"
#include "artshop/sqlite/connection.hpp"

namespace artshop::sqlite {

using sql::Migration;
using sql::MigrationReport;

// Applies, in order and each in its own write transaction, the migrations newer than the
// database's version. Refuses a database that is newer than the code (a downgrade).
// Migrations run with foreign keys off, so that one may rebuild a table others refer to; what
// the foreign keys would refuse is checked before each commits.
MigrationReport migrate(Connection& connection, std::span<const Migration> migrations);

int schema_version(Connection& connection);

// The shop's schema, oldest first.
std::span<const Migration> artshop_schema();

}  // namespace artshop::sqlite
