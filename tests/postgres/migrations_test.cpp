#include "artshop/postgres/migrations.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <thread>
#include <vector>

#include "artshop/sqlite/migrations.hpp"
#include "postgres/fixture.hpp"
#include "support/payments_before_history.hpp"

namespace artshop::postgres {
namespace {

using PostgresMigrations = PostgresTest;

std::span<const Migration> up_to(int version) {
  return artshop_schema().first(static_cast<std::size_t>(version));
}

// The versions of the schema's migrations above `after`, in order (there may be gaps: numbers
// are taken by features as they are written).
std::vector<int> versions_after(int after) {
  std::vector<int> versions;
  for (const auto& migration : artshop_schema()) {
    if (migration.version > after) versions.push_back(migration.version);
  }
  return versions;
}

int newest() {
  return artshop_schema().back().version;
}

TEST_F(PostgresMigrations, MigrateAppliesEveryMigrationOnceAndInOrder) {
  const auto first = migrate(*db, artshop_schema());
  EXPECT_EQ(first.from_version, 0);
  EXPECT_EQ(first.to_version, newest());
  EXPECT_EQ(first.applied, versions_after(0));

  const auto second = migrate(*db, artshop_schema());
  EXPECT_TRUE(second.applied.empty());
  EXPECT_EQ(schema_version(*db), newest());
}

TEST_F(PostgresMigrations, TheVersionsAndNamesAreSqlites) {
  const auto ours = artshop_schema();
  const auto sqlites = sqlite::artshop_schema();
  ASSERT_EQ(ours.size(), sqlites.size());
  for (std::size_t i = 0; i < ours.size(); ++i) {
    EXPECT_EQ(ours[i].version, sqlites[i].version);
    EXPECT_EQ(ours[i].name, sqlites[i].name);
  }
}

TEST_F(PostgresMigrations, AnUntouchedDatabaseIsAtVersionZero) {
  EXPECT_EQ(schema_version(*db), 0);
}

TEST_F(PostgresMigrations, MigrateRefusesADatabaseNewerThanTheCode) {
  migrate(*db, artshop_schema());
  try {
    migrate(*db, up_to(11));
    FAIL() << "an older build migrated a newer database";
  } catch (const sql::DatabaseError& error) {
    EXPECT_NE(std::string(error.what()).find("newer than this build"), std::string::npos);
  }
  EXPECT_EQ(schema_version(*db), newest());
}

TEST_F(PostgresMigrations, MigrateStopsAtAFailingMigrationAndKeepsTheEarlierOnes) {
  const std::array steps{Migration{1, "one", "CREATE TABLE a (x BIGINT);"},
                         Migration{2, "broken", "CREATE TABLE b (x BIGINT); SELECT nonsense("}};
  EXPECT_THROW(migrate(*db, steps), DatabaseError);
  EXPECT_EQ(schema_version(*db), 1);
  EXPECT_EQ(integer("SELECT count(*) FROM pg_tables WHERE tablename = 'b'"), 0)
      << "the failed migration left nothing behind";
}

TEST_F(PostgresMigrations, ServersMigratingAtOnceApplyEachStepOnce) {
  std::vector<MigrationReport> reports(3);
  std::vector<std::thread> servers;
  for (auto& report : reports) {
    servers.emplace_back([&] {
      Connection connection(url);
      report = migrate(connection, artshop_schema());
    });
  }
  for (auto& server : servers) server.join();
  std::size_t applied = 0;
  for (const auto& report : reports) applied += report.applied.size();
  EXPECT_EQ(applied, artshop_schema().size());
  EXPECT_EQ(integer("SELECT count(*) FROM schema_migrations"),
            static_cast<std::int64_t>(artshop_schema().size()));
}

TEST_F(PostgresMigrations, TheLedgerIsAppendOnly) {
  migrate(*db, artshop_schema());
  db->execute(
      "INSERT INTO ledger_entries (posting, account_kind, side, amount_micro_eur,"
      "  original_minor, original_currency, rate_scaled, created_at)"
      " VALUES ('p1', 'GenerationRevenue', 'Credit', 100, 1, 'EUR', 1000000, 0)");
  EXPECT_THROW(db->execute("UPDATE ledger_entries SET amount_micro_eur = 1"), DatabaseError);
  EXPECT_THROW(db->execute("DELETE FROM ledger_entries"), DatabaseError);
  EXPECT_EQ(integer("SELECT sum(amount_micro_eur) FROM ledger_entries"), 100);
}

// The audit trail cannot be rewritten, even with a connection to the database: its triggers
// refuse an UPDATE, a DELETE and a TRUNCATE, and the record stays as written.
TEST_F(PostgresMigrations, TheAuditLogIsAppendOnly) {
  migrate(*db, artshop_schema());
  db->execute(
      "INSERT INTO audit_log (at, actor_email, address, action, object, before_values, "
      "after_values) VALUES (1, '', 'command line', 'staff.add', 'staff:1', '', '')");
  for (const auto* change : {"UPDATE audit_log SET action = 'staff.sign_in'",
                             "DELETE FROM audit_log", "TRUNCATE audit_log"}) {
    try {
      db->execute(change);
      ADD_FAILURE() << change << " went through";
    } catch (const DatabaseError& error) {
      EXPECT_NE(std::string(error.what()).find("the audit log is append-only"), std::string::npos)
          << change << ": " << error.what();
    }
  }
  EXPECT_EQ(integer("SELECT count(*) FROM audit_log WHERE action = 'staff.add'"), 1);
}

TEST_F(PostgresMigrations, CustomerBalancesStartAtTheLedgersSumsAndMoveWithEveryEntry) {
  migrate(*db, up_to(14));
  const auto entry = [](std::string_view posting, std::string_view side, std::int64_t amount) {
    return fmt::format(
        "INSERT INTO ledger_entries (posting, account_kind, account_id, side, amount_micro_eur,"
        "  original_minor, original_currency, rate_scaled, created_at)"
        " VALUES ('{}', 'CustomerBalance', 1, '{}', {}, 1, 'EUR', 1000000, 0);",
        posting, side, amount);
  };
  db->execute(
      "INSERT INTO accounts (id, email, password_hash, created_at)"
      " VALUES (1, 'ann@example.com', 'hash', 0);" +
      entry("deposit:1", "Credit", 5'000'000) + entry("order:1", "Debit", 1'500'000));
  migrate(*db, artshop_schema());
  EXPECT_EQ(integer("SELECT balance_micro_eur FROM customer_balances WHERE account_id = 1"),
            3'500'000)
      << "the balance written before the step is carried over";
  db->execute(entry("order:2", "Debit", 500'000));
  EXPECT_EQ(integer("SELECT balance_micro_eur FROM customer_balances WHERE account_id = 1"),
            3'000'000)
      << "an entry moves the balance in its own statement";
}

TEST_F(PostgresMigrations, EveryCatalogueWriteTakesTheNextCatalogueVersion) {
  migrate(*db, artshop_schema());
  db->execute(
      "INSERT INTO categories VALUES ('abstract', 'Abstract');"
      "INSERT INTO offers (url_name, title, description, category, style, orientation,"
      "  aspect_ratio, width, height, created_at, status, min_price_eur_cents, thumbnail_webp,"
      "  thumbnail_jpeg, preview_webp, preview_jpeg)"
      " VALUES ('calm', 'Calm', '', 'abstract', 'Abstract', 'Square', '1:1', 10, 10, 0,"
      "  'Active', 500, 't.webp', 't.jpg', 'p.webp', 'p.jpg');");
  const auto offer = integer("SELECT id FROM offers");
  EXPECT_EQ(integer("SELECT version FROM catalogue_changes WHERE offer_id = 0"), 1);
  EXPECT_EQ(integer("SELECT max(version) FROM catalogue_changes"), 2);
  db->prepare("INSERT INTO offer_tags VALUES (?1, 'blue')").bind(1, offer).run();
  EXPECT_EQ(integer("SELECT max(version) FROM catalogue_changes"), 3);
  db->execute("UPDATE offers SET title = 'Calmer'");
  // An update counts for the offer a row left and for the one it joined (here the same).
  EXPECT_EQ(integer("SELECT max(version) FROM catalogue_changes"), 5);
  auto change = db->prepare("SELECT version FROM catalogue_changes WHERE offer_id = ?1");
  change.bind(1, offer);
  ASSERT_TRUE(change.step());
  EXPECT_EQ(change.column_int(0), 5) << "the offer holds its latest change";
  db->execute("DELETE FROM offer_tags; DELETE FROM offers;");
  EXPECT_EQ(integer("SELECT count(*) FROM catalogue_changes"), 2) << "one row per offer";
}

TEST_F(PostgresMigrations, PaymentsKeepTheIdsOfDepositsAndOrders) {
  migrate(*db, up_to(9));
  const std::string payer =
      "first_name, last_name, billing_country, billing_state, billing_city, billing_address1,"
      " billing_zip_code, javascript_enabled, accept_language, screen_width, screen_height,"
      " time_zone_offset, user_agent";
  const std::string payer_values =
      "'A', 'B', 'DE', '', 'Berlin', 'Street 1', '10115', 1, 'de',"
      " 1920, 1080, 60, 'test'";
  db->execute("INSERT INTO accounts (email, password_hash, created_at) VALUES ('a@b.c', 'h', 0)");
  db->execute("INSERT INTO deposits (id, account_id, currency, rate_scaled, amount_minor, " +
              payer + ", payment_reference, status, created_at, expires_at, settled_at)" +
              " SELECT 7, id, 'EUR', 1000000, 1500, " + payer_values +
              ", 'dep-7', 'Paid', 1, 2, 3 FROM accounts");
  db->execute(
      "INSERT INTO orders (id, account_id, currency, rate_scaled, total_minor,"
      " pay_by_balance, " +
      payer + ", payment_reference, status, created_at, expires_at, settled_at)" +
      " SELECT 3, id, 'USD', 1100000, 2500, 0, " + payer_values +
      ", 'ord-3', 'Pending', 4, 5, NULL FROM accounts");

  const auto report = migrate(*db, artshop_schema());
  EXPECT_EQ(report.applied, versions_after(9));

  EXPECT_EQ(integer("SELECT amount_minor FROM payments WHERE id = 7 AND purpose = 'Deposit'"),
            1500);
  EXPECT_EQ(integer("SELECT payment_id FROM orders WHERE id = 3"), 10) << "7 deposits before";
  EXPECT_EQ(integer("SELECT amount_minor FROM payments WHERE id = 10 AND purpose = 'Order'"
                    " AND reference = 'ord-3' AND settled_at IS NULL"),
            2500);
  // Migration 19 adds what refunds gave back; the payment's columns are gone.
  EXPECT_EQ(integer("SELECT count(*) FROM information_schema.columns"
                    " WHERE table_name = 'orders' AND column_name <> 'refunded_minor'"),
            3)
      << "orders keep only id, payment_id and pay_by_balance";
  EXPECT_EQ(integer("SELECT count(*) FROM pg_tables WHERE tablename = 'deposits'"), 0);
  auto next = db->prepare(
      "INSERT INTO payments (purpose, account_id, currency, rate_scaled, amount_minor, " + payer +
      ", reference, status, created_at, expires_at)"
      " SELECT 'Deposit', id, 'EUR', 1000000, 100, " +
      payer_values + ", 'dep-next', 'Pending', 6, 7 FROM accounts RETURNING id");
  ASSERT_TRUE(next.step());
  EXPECT_EQ(next.column_int(0), 11) << "the identity continues after the moved rows";
}

TEST_F(PostgresMigrations, PaymentsMadeBeforeTheirHistory_GetTheHistoryThatCanBeKnown) {
  migrate(*db, up_to(testing::kVersionBeforeHistory));
  db->execute(testing::kPaymentsBeforeHistory);
  migrate(*db, artshop_schema());
  for (const auto& [query, expected] : testing::kHistoryAfterMigration) {
    EXPECT_EQ(integer(query), expected) << query;
  }
}

}  // namespace
}  // namespace artshop::postgres
