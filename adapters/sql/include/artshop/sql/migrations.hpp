#pragma once

#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "artshop/sql/connection.hpp"
#include "artshop/sql/transaction.hpp"

namespace artshop::sql {

// One step of the schema. Versions only grow; an applied migration is never edited, a change
// is a new migration. Every driver keeps the same versions and names, so that a version means
// the same tables in any database.
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

// What a database does its own way while migrating.
class MigrationTarget {
 public:
  virtual ~MigrationTarget() = default;
  // The version recorded in `schema_migrations` (made when missing); 0 for a new database.
  virtual int version(Connection& connection) = 0;
  // Opens the transaction of one step, holding what keeps another process from applying a
  // step at the same time.
  virtual std::unique_ptr<Transaction> begin_step(Connection& connection) = 0;
  // Checks what a step left, before it commits.
  virtual void check_step(Connection& /*connection*/, const Migration& /*migration*/) {}
};

// Applies, in order and each in its own transaction, the migrations newer than the database's
// version, and records each in `schema_migrations`; a step another process applied meanwhile is
// skipped. Refuses a database that is newer than the code (a downgrade).
MigrationReport migrate(Connection& connection, std::span<const Migration> migrations,
                        MigrationTarget& target);

}  // namespace artshop::sql
