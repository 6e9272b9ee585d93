#include <gtest/gtest.h>

#include <atomic>
#include <functional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "artshop/core/ports/database_unavailable.hpp"
#include "artshop/postgres/connection_pool.hpp"
#include "artshop/postgres/transaction.hpp"
#include "postgres/fixture.hpp"

namespace artshop::postgres {
namespace {

class PostgresTransactions : public PostgresTest {
 protected:
  void SetUp() override {
    PostgresTest::SetUp();
    db->execute("CREATE TABLE counter (n BIGINT NOT NULL); INSERT INTO counter VALUES (0);");
    pool = std::make_unique<ConnectionPool>(url, 4);
  }

  static void increment(sql::Connection& connection) {
    auto read = connection.prepare("SELECT n FROM counter");
    read.step();
    connection.prepare("UPDATE counter SET n = ?1").bind(1, read.column_int(0) + 1).run();
  }

  std::unique_ptr<ConnectionPool> pool;
};

TEST_F(PostgresTransactions, WorkThatAnswersTrueIsCommitted) {
  run_transaction(*pool, TransactionMode::Write, [](sql::Connection& connection) {
    increment(connection);
    return true;
  });
  EXPECT_EQ(integer("SELECT n FROM counter"), 1);
}

TEST_F(PostgresTransactions, WorkThatAnswersFalseLeavesNothingBehind) {
  run_transaction(*pool, TransactionMode::Write, [](sql::Connection& connection) {
    increment(connection);
    return false;
  });
  EXPECT_EQ(integer("SELECT n FROM counter"), 0);
}

TEST_F(PostgresTransactions, WorkThatThrowsLeavesNothingBehindAndTheErrorPropagates) {
  EXPECT_THROW(run_transaction(*pool, TransactionMode::Write,
                               [](sql::Connection& connection) -> bool {
                                 increment(connection);
                                 throw std::logic_error("the use case gave up");
                               }),
               std::logic_error);
  EXPECT_EQ(integer("SELECT n FROM counter"), 0);
}

TEST_F(PostgresTransactions, AReadTransactionRefusesToWrite) {
  try {
    run_transaction(*pool, TransactionMode::Read, [](sql::Connection& connection) {
      increment(connection);
      return true;
    });
    FAIL() << "a read transaction wrote";
  } catch (const DatabaseError& error) {
    EXPECT_EQ(error.sqlstate(), "25006") << error.what();  // read_only_sql_transaction
  }
  EXPECT_EQ(integer("SELECT n FROM counter"), 0);
}

TEST_F(PostgresTransactions, AnErrorThatIsNotASerializationFailureRunsTheWorkOnce) {
  int runs = 0;
  EXPECT_THROW(run_transaction(*pool, TransactionMode::Write,
                               [&](sql::Connection& connection) {
                                 ++runs;
                                 connection.execute("SELECT * FROM no_such_table");
                                 return true;
                               }),
               DatabaseError);
  EXPECT_EQ(runs, 1);
}

TEST_F(PostgresTransactions, WorkThatNeverSerializes_IsGivenUpAsContentionAfterEveryAttempt) {
  int runs = 0;
  EXPECT_THROW(run_transaction(*pool, TransactionMode::Write,
                               [&](sql::Connection& connection) {
                                 ++runs;
                                 increment(connection);
                                 connection.execute(
                                     "DO $$ BEGIN RAISE EXCEPTION 'conflict' USING ERRCODE = "
                                     "'serialization_failure'; END $$");
                                 return true;
                               }),
               TransactionContention);
  EXPECT_EQ(runs, kTransactionAttempts);
  EXPECT_EQ(integer("SELECT n FROM counter"), 0) << "no attempt left anything behind";
}

TEST_F(PostgresTransactions, AServerThatCannotBeReached_IsUnavailableUntilItIsBack) {
  const auto add_one = [](sql::Connection& connection) {
    increment(connection);
    return true;
  };
  db.reset();
  testing::PostgresCluster::Outage outage(cluster);
  // The pool's connections were closed by the shutdown, and connecting again is refused.
  EXPECT_THROW(run_transaction(*pool, TransactionMode::Write, add_one), DatabaseUnavailable);
  EXPECT_THROW(run_transaction(*pool, TransactionMode::Read, add_one), DatabaseUnavailable);
  outage.end();
  run_transaction(*pool, TransactionMode::Write, add_one);
  db = std::make_unique<Connection>(url);
  EXPECT_EQ(integer("SELECT n FROM counter"), 1) << "the pool connected again once it was back";
}

TEST_F(PostgresTransactions, ASerializationFailureTheWorkSwallowedIsStillNotCommitted) {
  // The second run of the work sees no failure; the first one's caught failure must not let
  // its transaction pass for committed.
  int runs = 0;
  run_transaction(*pool, TransactionMode::Write, [&](sql::Connection& connection) {
    if (++runs == 1) {
      try {
        connection.execute(
            "DO $$ BEGIN RAISE EXCEPTION 'conflict' USING ERRCODE = 'serialization_failure';"
            " END $$");
      } catch (const DatabaseError&) {
        // a careless caller
      }
    }
    increment(connection);
    return true;
  });
  EXPECT_EQ(runs, 2);
  EXPECT_EQ(integer("SELECT n FROM counter"), 1);
}

TEST_F(PostgresTransactions, ConcurrentReadModifyWritesLoseNoUpdate) {
  constexpr int kThreads = 2;
  constexpr int kIncrements = 200;
  std::atomic<int> runs{0};
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < kIncrements; ++i) {
        try {
          run_transaction(*pool, TransactionMode::Write, [&](sql::Connection& connection) {
            ++runs;
            increment(connection);
            return true;
          });
        } catch (const sql::DatabaseError&) {
          ++failures;
        }
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ(integer("SELECT n FROM counter"), kThreads * kIncrements);
  EXPECT_GE(runs.load(), kThreads * kIncrements);
}

TEST_F(PostgresTransactions, AReadTransactionSeesOneSnapshot) {
  run_transaction(*pool, TransactionMode::Read, [&](sql::Connection& connection) {
    auto before = connection.prepare("SELECT n FROM counter");
    before.step();
    db->execute("UPDATE counter SET n = 5");  // another session commits meanwhile
    auto after = connection.prepare("SELECT n FROM counter");
    after.step();
    EXPECT_EQ(after.column_int(0), before.column_int(0));
    return true;
  });
  EXPECT_EQ(integer("SELECT n FROM counter"), 5);
}

// What a transaction the server gave up on reads as: DatabaseUnavailable, whose message names
// the SQLSTATE; empty when the work went through.
std::string unavailable_because(ConnectionPool& pool,
                                const std::function<void(sql::Connection&)>& work) {
  try {
    run_transaction(pool, TransactionMode::Write, [&](sql::Connection& connection) {
      work(connection);
      return true;
    });
  } catch (const DatabaseUnavailable& e) {
    return e.what();
  }
  return {};
}

TEST_F(PostgresTransactions, AStatementPastTheStatementTimeoutMakesTheDatabaseUnavailable) {
  ConnectionPool impatient(url + "?statement_timeout=200ms", 1);
  const auto because = unavailable_because(impatient, [](sql::Connection& connection) {
    connection.prepare("SELECT pg_sleep(30)").step();
  });
  EXPECT_NE(because.find("SQLSTATE 57014: canceling statement due to statement timeout"),
            std::string::npos)
      << because;
}

TEST_F(PostgresTransactions, ALockHeldPastTheLockTimeoutMakesTheDatabaseUnavailable) {
  ConnectionPool impatient(url + "?lock_timeout=200ms", 1);
  db->execute("BEGIN; UPDATE counter SET n = 5");
  const auto because = unavailable_because(impatient, increment);
  db->execute("ROLLBACK");
  EXPECT_NE(because.find("SQLSTATE 55P03: canceling statement due to lock timeout"),
            std::string::npos)
      << because;
  EXPECT_EQ(integer("SELECT n FROM counter"), 0);
}

TEST_F(PostgresTransactions, ATransactionLeftIdleIsEndedByTheServerAndItsLocksFreed) {
  ConnectionPool pool_of_a_dying_server(url + "?idle_in_transaction_session_timeout=200ms", 1);
  auto connection = pool_of_a_dying_server.acquire();
  // Opened as run_transaction opens one, then nothing more sent, as from a server that lost
  // power mid-transaction.
  connection->execute(connection->begin_with_timeouts("BEGIN") + "; UPDATE counter SET n = 7");
  // Waits for the row lock until the server has ended the idle session.
  db->execute("UPDATE counter SET n = n + 1");
  EXPECT_EQ(integer("SELECT n FROM counter"), 1) << "the idle transaction's change rolled back";
}

TEST_F(PostgresTransactions, TheTimeoutsLastOneTransactionAndLeaveTheSessionAsItWas) {
  ConnectionPool pool_of_one(url + "?lock_timeout=1500ms", 1);
  std::string inside;
  run_transaction(pool_of_one, TransactionMode::Read, [&](sql::Connection& connection) {
    auto shown = connection.prepare("SHOW lock_timeout");
    shown.step();
    inside = shown.column_text(0);
    return true;
  });
  EXPECT_EQ(inside, "1500ms");
  // A pooler in transaction mode hands the same server session to other clients next.
  auto connection = pool_of_one.acquire();
  auto after = connection->prepare("SHOW lock_timeout");
  after.step();
  EXPECT_EQ(after.column_text(0), "0") << "the server's default";
}

}  // namespace
}  // namespace artshop::postgres
