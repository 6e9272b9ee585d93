#include <gtest/gtest.h>

#include <chrono>
#include <optional>

#include "artshop/core/ports/database_unavailable.hpp"
#include "artshop/postgres/connection_pool.hpp"
#include "artshop/postgres/migrations.hpp"
#include "postgres/fixture.hpp"

namespace artshop::postgres {
namespace {

using PostgresPool = PostgresTest;

TEST_F(PostgresPool, PingAnswersOnlyForAMigratedDatabase) {
  ConnectionPool pool(url, 2);
  EXPECT_FALSE(pool.ping());
  migrate(*db, artshop_schema());
  EXPECT_TRUE(pool.ping());
}

TEST_F(PostgresPool, ALeasedConnectionGoesBackToThePool) {
  ConnectionPool pool(url, 1);
  for (int i = 0; i < 3; ++i) {
    auto connection = pool.acquire();
    connection->execute("SELECT 1");
  }
  EXPECT_EQ(integer("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"), 2)
      << "the pool's one connection and the test's";
}

TEST_F(PostgresPool, AConnectionLeftInsideATransactionIsNotLentAsItIs) {
  ConnectionPool pool(url, 1);
  db->execute("CREATE TABLE t (x BIGINT)");
  {
    auto connection = pool.acquire();
    connection->execute("BEGIN; INSERT INTO t VALUES (1);");
  }
  auto connection = pool.acquire();
  connection->execute("INSERT INTO t VALUES (2)");
  EXPECT_EQ(integer("SELECT sum(x) FROM t"), 2) << "the abandoned insert never committed";
}

TEST_F(PostgresPool, ThePoolOutlivesARestartOfTheServer) {
  migrate(*db, artshop_schema());
  ConnectionPool pool(url, 2);
  EXPECT_TRUE(pool.ping());
  db.reset();
  cluster.restart();
  // Every connection of the pool was closed by the restart; each is made again when lent.
  for (int i = 0; i < 4; ++i) EXPECT_TRUE(pool.ping());
  auto first = pool.acquire();
  auto second = pool.acquire();
  first->execute("SELECT 1");
  second->execute("SELECT 1");
}

TEST_F(PostgresPool, ABorrowerWhoFindsEveryConnectionLentIsToldTheDatabaseIsUnavailable) {
  ConnectionPool pool(url, 1, std::chrono::milliseconds(100));
  const auto held = pool.acquire();
  try {
    pool.acquire();
    ADD_FAILURE() << "a second connection was lent from a pool of one";
  } catch (const DatabaseUnavailable& e) {
    EXPECT_STREQ(e.what(),
                 "no database connection came free within 100 ms (all 1 of the pool in use)");
  }
  const auto stats = pool.stats();
  EXPECT_EQ(stats.size, 1U);
  EXPECT_EQ(stats.in_use, 1U);
  EXPECT_EQ(stats.waiting, 0U);
  EXPECT_EQ(stats.waits, 1U);
  EXPECT_EQ(stats.gave_up, 1U);
  EXPECT_GT(stats.wait_seconds, 0.0);
}

TEST_F(PostgresPool, TheDriversOwnParametersAreTakenOutOfTheUrlAndTheRestLeftForLibpq) {
  const auto read = read_driver_url(
      "postgresql://shop@db:5432/artshop?sslmode=require&lock_timeout=2s&statement_timeout=1min"
      "&application_name=a&idle_in_transaction_session_timeout=1500");
  EXPECT_EQ(read.libpq_url, "postgresql://shop@db:5432/artshop?sslmode=require&application_name=a");
  EXPECT_EQ(read.timeouts.lock, std::chrono::seconds(2));
  EXPECT_EQ(read.timeouts.statement, std::chrono::minutes(1));
  EXPECT_EQ(read.timeouts.idle_in_transaction, std::chrono::milliseconds(1500));
  EXPECT_EQ(read.timeouts.answer_limit(), std::chrono::seconds(65));

  const auto defaults = read_driver_url("postgresql://shop@db/artshop?statement_timeout=0");
  EXPECT_EQ(defaults.libpq_url, "postgresql://shop@db/artshop");
  EXPECT_EQ(defaults.timeouts.lock, std::chrono::seconds(5));
  EXPECT_EQ(defaults.timeouts.answer_limit(), std::nullopt) << "no statement timeout, no limit";
}

TEST_F(PostgresPool, ATimeoutThatIsNotADurationIsRefusedByName) {
  try {
    read_driver_url("postgresql://shop@db/artshop?lock_timeout=soon");
    ADD_FAILURE() << "a timeout of \"soon\" was taken";
  } catch (const DatabaseError& e) {
    EXPECT_EQ(e.sqlstate(), "22023");
    EXPECT_STREQ(e.what(),
                 "lock_timeout in the database URL must be a duration such as 500ms, 10s or 2min, "
                 "not \"soon\"");
  }
}

}  // namespace
}  // namespace artshop::postgres
