#include <gtest/gtest.h>

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

}  // namespace
}  // namespace artshop::postgres
