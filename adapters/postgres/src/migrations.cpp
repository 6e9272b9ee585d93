#include "artshop/postgres/migrations.hpp"

#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include "artshop/postgres/transaction.hpp"

namespace artshop::postgres {
namespace {

// READ COMMITTED whatever the server's default: each statement sees what committed before it
// began, so the version read after the lock is taken is the one the lock's last holder left.
// (A REPEATABLE READ snapshot would date from before the wait.)
constexpr std::string_view kIsolation = "READ COMMITTED";

// The advisory lock every migrating server takes: "artshop" in ASCII, an arbitrary key that no
// other user of the database is likely to pick.
constexpr std::string_view kTakeMigrationLock = "SELECT pg_advisory_xact_lock(27428917218930544)";

constexpr std::string_view kBookkeeping =
    "CREATE TABLE IF NOT EXISTS schema_migrations ("
    "  version INTEGER PRIMARY KEY,"
    "  name TEXT NOT NULL,"
    "  applied_at TIMESTAMPTZ NOT NULL DEFAULT now()"
    ")";

int read_version(sql::Connection& connection) {
  auto exists = connection.prepare("SELECT to_regclass('schema_migrations') IS NOT NULL");
  if (!exists.step() || exists.column_int(0) == 0) return 0;
  auto statement = connection.prepare("SELECT coalesce(max(version), 0) FROM schema_migrations");
  statement.step();
  return static_cast<int>(statement.column_int(0));
}

// PostgreSQL's ways: each step takes the advisory lock in READ COMMITTED, so the version read
// under it is the one the lock's last holder left.
class PostgresTarget final : public sql::MigrationTarget {
 public:
  int version(sql::Connection& connection) override { return read_version(connection); }
  std::unique_ptr<sql::Transaction> begin_step(sql::Connection& connection) override {
    auto transaction =
        std::make_unique<sql::Transaction>(connection, begin_transaction(kIsolation));
    connection.execute(kTakeMigrationLock);
    // Under the lock, since two servers' first migrations would both create it.
    connection.execute(kBookkeeping);
    return transaction;
  }
};

// A migration may rewrite a large table: the driver waits for its answer as long as it takes,
// then waits as before.
class Unhurried {
 public:
  explicit Unhurried(Connection& connection)
      : connection_(connection), limit_(connection.answer_limit()) {
    connection_.set_answer_limit(std::nullopt);
  }
  ~Unhurried() { connection_.set_answer_limit(limit_); }
  Unhurried(const Unhurried&) = delete;
  Unhurried& operator=(const Unhurried&) = delete;

 private:
  Connection& connection_;
  std::optional<std::chrono::milliseconds> limit_;
};

}  // namespace

int schema_version(Connection& connection) {
  return read_version(connection);
}

MigrationReport migrate(Connection& connection, std::span<const Migration> migrations) {
  PostgresTarget target;
  const Unhurried unhurried(connection);
  return sql::migrate(connection, migrations, target);
}

}  // namespace artshop::postgres
