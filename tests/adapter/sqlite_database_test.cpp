#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <thread>
#include <vector>

#include "artshop/sql/offer_repository.hpp"
#include "artshop/sqlite/connection_pool.hpp"
#include "artshop/sqlite/migrations.hpp"
#include "artshop/sqlite/transaction.hpp"
#include "support/payments_before_history.hpp"
#include "support/temp_dir.hpp"

namespace artshop::sqlite {
namespace {

class SqliteDatabase : public ::testing::Test {
 protected:
  testing::TempDir dir;
  std::filesystem::path file = dir.path() / "artshop.db";
};

std::string pragma(Connection& connection, std::string_view name) {
  auto row = connection.prepare("PRAGMA " + std::string(name));
  row.step();
  return row.column_text(0);
}

TEST_F(SqliteDatabase, OpensInWalModeWithFullSyncForeignKeysAndABusyTimeout) {
  Connection connection(file);
  EXPECT_EQ(pragma(connection, "journal_mode"), "wal");
  EXPECT_EQ(pragma(connection, "synchronous"), "2");  // FULL
  EXPECT_EQ(pragma(connection, "foreign_keys"), "1");
  EXPECT_EQ(pragma(connection, "busy_timeout"), "10000");
}

TEST_F(SqliteDatabase, MigrateAppliesEveryMigrationOnceAndInOrder) {
  Connection connection(file);
  const auto first = migrate(connection, artshop_schema());
  EXPECT_EQ(first.from_version, 0);
  EXPECT_EQ(first.to_version, artshop_schema().back().version);
  EXPECT_EQ(first.applied.size(), artshop_schema().size());

  const auto second = migrate(connection, artshop_schema());
  EXPECT_TRUE(second.applied.empty());
  EXPECT_EQ(schema_version(connection), artshop_schema().back().version);
}

TEST_F(SqliteDatabase, MigrateStopsAtAFailingMigrationAndKeepsTheEarlierOnes) {
  Connection connection(file);
  const std::array steps{
      Migration{1, "one", "CREATE TABLE a (x INTEGER) STRICT;"},
      Migration{2, "broken", "CREATE TABLE b (x INTEGER) STRICT; SELECT nonsense("}};
  EXPECT_THROW(migrate(connection, steps), DatabaseError);
  EXPECT_EQ(schema_version(connection), 1);
  auto row = connection.prepare("SELECT count(*) FROM sqlite_schema WHERE name = 'b'");
  row.step();
  EXPECT_EQ(row.column_int(0), 0) << "the failed migration left nothing behind";
}

TEST_F(SqliteDatabase, MigrateRefusesADatabaseNewerThanTheCode) {
  Connection connection(file);
  migrate(connection, artshop_schema());
  const std::array older{Migration{1, "settings", "SELECT 1;"}};
  EXPECT_THROW(migrate(connection, older), DatabaseError);
}

TEST_F(SqliteDatabase, ATransactionThatIsNotCommittedLeavesNothingBehind) {
  Connection connection(file);
  connection.execute("CREATE TABLE t (x INTEGER) STRICT");
  {
    Transaction transaction(connection, Transaction::Kind::Immediate);
    connection.execute("INSERT INTO t VALUES (1)");
  }
  {
    Transaction transaction(connection, Transaction::Kind::Immediate);
    connection.execute("INSERT INTO t VALUES (2)");
    transaction.commit();
  }
  auto row = connection.prepare("SELECT group_concat(x) FROM t");
  row.step();
  EXPECT_EQ(row.column_text(0), "2");
}

TEST_F(SqliteDatabase, ConcurrentImmediateWritersNeverLoseAnUpdateOrSeeBusy) {
  {
    Connection setup(file);
    setup.execute(
        "CREATE TABLE counter (n INTEGER NOT NULL) STRICT; INSERT INTO counter VALUES (0);");
  }
  constexpr int kThreads = 8;
  constexpr int kIncrements = 50;
  ConnectionPool pool(file, kThreads);
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < kIncrements; ++i) {
        try {
          auto connection = pool.acquire();
          Transaction transaction(*connection, Transaction::Kind::Immediate);
          auto read = connection->prepare("SELECT n FROM counter");
          read.step();
          const auto n = read.column_int(0);
          connection->prepare("UPDATE counter SET n = ?1").bind(1, n + 1).run();
          transaction.commit();
        } catch (const DatabaseError&) {
          ++failures;
        }
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(failures.load(), 0);
  auto connection = pool.acquire();
  auto row = connection->prepare("SELECT n FROM counter");
  row.step();
  EXPECT_EQ(row.column_int(0), kThreads * kIncrements);
}

TEST_F(SqliteDatabase, PingAnswersOnlyForAMigratedDatabase) {
  ConnectionPool pool(file, 1);
  EXPECT_FALSE(pool.ping());
  {
    auto connection = pool.acquire();
    migrate(*connection, artshop_schema());
  }
  EXPECT_TRUE(pool.ping());
}

TEST_F(SqliteDatabase, TagsWrittenBeforeTheirOrderWasAColumn_KeepTheOrderTheyWereWrittenIn) {
  constexpr int kVersionBeforePositions = 10;
  Connection connection(file);
  migrate(connection, artshop_schema().first(kVersionBeforePositions));
  connection.execute(
      "INSERT INTO categories (url_name, title) VALUES ('nature', 'Nature');"
      "INSERT INTO offers (id, url_name, title, description, category, style, orientation, "
      "aspect_ratio, width, height, created_at, status, min_price_eur_cents, thumbnail_webp, "
      "thumbnail_jpeg, preview_webp, preview_jpeg) VALUES (1, 'fjord', 'Fjord', '', 'nature', "
      "'Watercolor', 'Horizontal', '16x9', 1600, 900, 0, 'Active', 1500, 't.webp', 't.jpg', "
      "'p.webp', 'p.jpg');"
      "INSERT INTO offer_tags (offer_id, tag) VALUES (1, 'water'), (1, 'norway'), (1, 'arctic');");
  migrate(connection, artshop_schema());
  const auto offer = sql::SqlOfferRepository(connection).find_by_id(OfferId{1});
  ASSERT_TRUE(offer.has_value());
  EXPECT_EQ(offer->tags, (std::vector<std::string>{"water", "norway", "arctic"}));
}

TEST_F(SqliteDatabase, PaymentsMadeBeforeTheirHistory_GetTheHistoryThatCanBeKnown) {
  Connection connection(file);
  migrate(connection,
          artshop_schema().first(static_cast<std::size_t>(testing::kVersionBeforeHistory)));
  connection.execute(testing::kPaymentsBeforeHistory);
  // A mail sent and deleted after the one kept: its id is never given again.
  connection.execute(
      "INSERT INTO mail_outbox (id, recipient, subject, body, status, attempts, created_at,"
      " next_attempt_at) VALUES (9, 'a@b.c', 'Sent', '', 'Pending', 0, 70, 70);"
      "DELETE FROM mail_outbox WHERE id = 9;");
  migrate(connection, artshop_schema());
  const auto count = [&](std::string_view query) {
    auto row = connection.prepare(query);
    row.step();
    return row.column_int(0);
  };
  for (const auto& [query, expected] : testing::kHistoryAfterMigration) {
    EXPECT_EQ(count(query), expected) << query;
  }
  auto next = connection.prepare(
      "INSERT INTO mail_outbox (recipient, subject, body, status, attempts, created_at,"
      " next_attempt_at) VALUES ('a@b.c', 'Next', '', 'Pending', 0, 80, 80) RETURNING id");
  ASSERT_TRUE(next.step());
  EXPECT_EQ(next.column_int(0), 10) << "the rebuilt outbox goes on after the highest id given";
}

}  // namespace
}  // namespace artshop::sqlite
