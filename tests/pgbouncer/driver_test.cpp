// The PostgreSQL driver through pgbouncer in transaction mode: it logs in, its per-transaction
// settings hold for the transaction alone, and its statements survive being sent to whichever
// server session pgbouncer lends.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "artshop/postgres/connection.hpp"
#include "artshop/postgres/connection_pool.hpp"
#include "artshop/postgres/transaction.hpp"
#include "pgbouncer/fixture.hpp"

namespace artshop::testing {
namespace {

using ::testing::HasSubstr;

class DriverThroughPgbouncer : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { BouncedCluster::shared().create_database("driver"); }

  static std::string url(std::string_view query = "") {
    return BouncedCluster::shared().bouncer.url("driver") + std::string(query);
  }

  static std::string setting(postgres::Connection& connection, std::string_view name) {
    auto row = connection.prepare("SELECT current_setting(?1)");
    row.bind(1, name);
    row.step();
    return row.column_text(0);
  }

  static std::int64_t backend_pid(postgres::Connection& connection) {
    auto row = connection.prepare("SELECT pg_backend_pid()");
    row.step();
    return row.column_int(0);
  }

  // `a` prepares and runs `statement` (cached) on one of the pool's two server sessions; then
  // `holder` opens a transaction on that session and keeps it, so that `a`'s next statement
  // goes to the other one.
  static void prepare_then_lose_the_session(postgres::Connection& a, postgres::Connection& holder,
                                            std::string_view statement) {
    postgres::Connection other(url());
    // Both sessions made, a on one and `other` on the other, each inside a transaction.
    a.execute("BEGIN");
    other.execute("BEGIN");
    a.prepare_cached(statement).bind(1, 1).step();
    a.commit();
    // a's session is the only idle one, then the other is.
    holder.execute("BEGIN");
    other.commit();
  }
};

TEST_F(DriverThroughPgbouncer, Connects_SendingNoStartupParameterItRefuses) {
  // pgbouncer closes a client that sends `options` ("unsupported startup parameter").
  postgres::Connection connection(url());
  EXPECT_EQ(setting(connection, "client_encoding"), "UTF8");
  EXPECT_EQ(BouncedCluster::shared().bouncer.log_count("unsupported startup parameter"), 0U)
      << BouncedCluster::shared().bouncer.log_text();
}

TEST_F(DriverThroughPgbouncer, TheShopsTransactionSettingsHoldInsideItsTransactionsOnly) {
  postgres::ConnectionPool pool(url(), 1);
  for (const auto mode : {TransactionMode::Write, TransactionMode::Read}) {
    postgres::run_transaction(pool, mode, [&](sql::Connection& connection) {
      EXPECT_EQ(setting(dynamic_cast<postgres::Connection&>(connection), "random_page_cost"),
                "1.1");
      return true;
    });
  }
  // Nothing left in the sessions for the next client: both of the pool's, as a client outside
  // any transaction sees them.
  postgres::Connection a(url());
  postgres::Connection b(url());
  a.execute("BEGIN");
  EXPECT_EQ(setting(a, "random_page_cost"), "4");
  EXPECT_EQ(setting(b, "random_page_cost"), "4");
  a.commit();
}

TEST_F(DriverThroughPgbouncer, PreparedStatementsOff_ACachedStatementRunsOnAnotherServerSession) {
  postgres::Connection a(url("?prepared_statements=off"));
  postgres::Connection b(url("?prepared_statements=off"));
  constexpr std::string_view kStatement = "SELECT CAST(?1 AS BIGINT) + 41";
  prepare_then_lose_the_session(a, b, kStatement);
  EXPECT_NE(backend_pid(a), backend_pid(b)) << "b holds the session a prepared on";
  auto again = a.prepare_cached(kStatement);
  again.bind(1, 1);
  ASSERT_TRUE(again.step());
  EXPECT_EQ(again.column_int(0), 42);
  b.commit();
}

TEST_F(DriverThroughPgbouncer, PreparedStatementsOn_AStatementMissingOnTheSessionSaysWhatToSet) {
  // The default, which a pooler in transaction mode breaks: told as such, with the cure.
  postgres::Connection a(url());
  postgres::Connection b(url());
  constexpr std::string_view kStatement = "SELECT CAST(?1 AS BIGINT) + 1";
  prepare_then_lose_the_session(a, b, kStatement);
  try {
    a.prepare_cached(kStatement).bind(1, 1).step();
    ADD_FAILURE() << "the statement ran on a session it was not prepared on";
  } catch (const postgres::DatabaseError& error) {
    EXPECT_EQ(error.sqlstate(), "26000") << error.what();
    EXPECT_THAT(error.what(), HasSubstr("add prepared_statements=off to the database URL"));
  }
  b.commit();
}

TEST_F(DriverThroughPgbouncer, PreparedStatementsOn_TwoClientsStatementsOnOneSessionKeepApart) {
  // Named by each connection's own prefix: b's first statement, on the session a prepared its
  // first one on, neither clashes with it nor runs it.
  postgres::Connection a(url());
  postgres::Connection b(url());
  prepare_then_lose_the_session(a, b, "SELECT CAST(?1 AS BIGINT) + 100");
  auto mine = b.prepare_cached("SELECT CAST(?1 AS BIGINT) * 7");
  mine.bind(1, 6);
  ASSERT_TRUE(mine.step());
  EXPECT_EQ(mine.column_int(0), 42);
  b.commit();
}

}  // namespace
}  // namespace artshop::testing
