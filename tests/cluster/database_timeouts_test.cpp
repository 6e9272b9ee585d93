// A server on PostgreSQL whose database stops answering, or answers only after a wait that
// could last for ever (a lock held by someone else, every pooled connection busy): each call
// ends with 503 and Retry-After, for the reason the log names, instead of holding a worker
// (docs/scale-out.md, "Timeouts"); and the series of /metrics that show the pool, the conflicts
// run again and the catalogue read model's lag ("Metrics").
#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <memory>
#include <optional>
#include <sstream>
#include <string>

#include "artshop/postgres/connection.hpp"
#include "shop_api.hpp"
#include "support/eventually.hpp"
#include "support/http_client.hpp"
#include "support/postgres_cluster.hpp"
#include "support/server_process.hpp"

namespace artshop::testing {
namespace {

using namespace std::chrono_literals;

json::object credentials(const std::string& email) {
  return {{"email", email}, {"password", kTestPassword}};
}

// A 503 as DESIGN.md section 2 has it: a problem body and a Retry-After.
void expect_told_to_come_back(const HttpResponse& answer) {
  EXPECT_EQ(answer.status, 503) << answer.body;
  EXPECT_FALSE(answer.header("Retry-After").empty());
  const auto body = json::parse(answer.body).as_object();
  EXPECT_EQ(body.at("title").as_string(), "Service Unavailable");
  EXPECT_EQ(body.at("status").as_int64(), 503);
}

// The value of the series `name` (without labels) in a /metrics text; nullopt when absent.
std::optional<double> series(const std::string& metrics, std::string_view name) {
  std::istringstream lines(metrics);
  for (std::string line; std::getline(lines, line);) {
    if (line.starts_with(name) && line.size() > name.size() && line[name.size()] == ' ') {
      return std::stod(line.substr(name.size() + 1));
    }
  }
  return std::nullopt;
}

class DatabaseTimeouts : public ::testing::Test {
 protected:
  // A server on a database of its own, its URL ending in `parameters` ("?lock_timeout=1s").
  void start(const std::string& parameters, const Environment& extra = {}) {
    static std::atomic<int> databases{0};
    const auto name = "timeouts_" + std::to_string(++databases);
    postgres::Connection(database.url()).execute("CREATE DATABASE " + name);
    url = database.url(name);
    auto env = test_shop_environment();
    env.emplace_back("ARTSHOP_DATABASE_URL", url + parameters);
    env.insert(env.end(), extra.begin(), extra.end());
    server = std::make_unique<ServerProcess>(ServerProcessOptions{.env = std::move(env)});
    ASSERT_TRUE(eventually([&] { return get(server->url("/readyz")).status == 200; }, 60s))
        << server->log_text();
    shop = std::make_unique<ShopClient>(server->base_url(), postgres_database(url));
  }

  std::string metrics() const { return get(server->url("/metrics")).body; }

  HttpResponse log_in(const std::string& email) const {
    return post_json(server->url("/api/Accounts/login"), json::serialize(credentials(email)));
  }

  // The server logged `text` (the reason it gave for a 503).
  void expect_logged(std::string_view text) const {
    const auto log = server->log_text();
    EXPECT_NE(log.find(text), std::string::npos) << "no \"" << text << "\" in:\n" << log;
  }

  // Whether a session of the shop's database waits for a lock now.
  bool someone_waits_for_a_lock() const {
    postgres::Connection look(url);
    auto waiting = look.prepare(
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND "
        "wait_event_type = 'Lock'");
    waiting.step();
    return waiting.column_int(0) > 0;
  }

  // Opens a transaction on `session` that holds `email`'s account row FOR UPDATE: whoever
  // writes a row that refers to it (a refresh token) or the row itself waits.
  static void hold_account(postgres::Connection& session, const std::string& email) {
    session.execute("BEGIN");
    auto row = session.prepare("SELECT id FROM accounts WHERE email = ?1 FOR UPDATE");
    row.bind(1, email);
    ASSERT_TRUE(row.step());
  }

  PostgresCluster& database = PostgresCluster::shared();
  std::string url;
  std::unique_ptr<ServerProcess> server;
  std::unique_ptr<ShopClient> shop;
};

TEST_F(DatabaseTimeouts, ALoginBehindARowLockAnswers503FromTheLockTimeout) {
  start("?lock_timeout=1s");
  const auto customer = shop->sign_up();
  postgres::Connection session(url);
  hold_account(session, customer.email);

  const auto login = log_in(customer.email);

  expect_told_to_come_back(login);
  expect_logged(
      "answered 503: SQLSTATE 55P03: canceling statement due to "
      "lock timeout");
  session.execute("ROLLBACK");
  EXPECT_EQ(log_in(customer.email).status, 200) << "the lock gone, the same call passes";
}

TEST_F(DatabaseTimeouts, ADatabaseThatStopsAnsweringCosts503NotAHungServer) {
  // Answers owed are given up after the statement timeout and 5 s; connections after 2 s.
  start("?statement_timeout=1s&connect_timeout=2");
  const auto before = shop->sign_up();
  std::optional<HttpResponse> refused;
  {
    const PostgresCluster::Freeze freeze(database);
    refused = log_in(before.email);
    EXPECT_EQ(get(server->url("/healthz")).status, 200) << "the server itself still answers";
  }

  expect_told_to_come_back(*refused);
  expect_logged("the database server sent nothing for 6000 ms");
  // The connection given up is made again once the database answers.
  EXPECT_TRUE(eventually([&] { return log_in(before.email).status == 200; }, 60s))
      << server->log_text();
}

TEST_F(DatabaseTimeouts, ACallThatFindsNoPooledConnectionFreeAnswers503AfterThePoolsWait) {
  // One connection, held by a login that waits on a lock for as long as the test needs.
  start("?lock_timeout=120s&statement_timeout=120s",
        {{"ARTSHOP_DATABASE_POOL_SIZE", "1"}, {"ARTSHOP_DATABASE_POOL_WAIT_MILLISECONDS", "1000"}});
  const auto holder = shop->sign_up();
  postgres::Connection session(url);
  hold_account(session, holder.email);
  auto held = std::async(std::launch::async, [&] { return log_in(holder.email); });
  ASSERT_TRUE(eventually([&] { return someone_waits_for_a_lock(); }));

  const auto refused = log_in(holder.email);

  expect_told_to_come_back(refused);
  expect_logged(
      "answered 503: no database connection came free within "
      "1000 ms (all 1 of the pool in use)");
  const auto seen = metrics();
  EXPECT_EQ(series(seen, "artshop_db_pool_connections"), 1.0) << seen;
  EXPECT_EQ(series(seen, "artshop_db_pool_connections_in_use"), 1.0) << seen;
  EXPECT_GE(series(seen, "artshop_db_pool_wait_timeouts_total").value_or(0), 1.0) << seen;
  EXPECT_GE(series(seen, "artshop_db_pool_waits_total").value_or(0), 1.0) << seen;
  EXPECT_GT(series(seen, "artshop_db_pool_wait_seconds_total").value_or(0), 0.0) << seen;
  session.execute("ROLLBACK");
  EXPECT_EQ(held.get().status, 200) << "the login that held the connection went through";
}

TEST_F(DatabaseTimeouts, MetricsCountAConflictThatWasRunAgain) {
  start("?lock_timeout=120s");
  const auto customer = shop->sign_up();
  const auto zero = metrics();
  EXPECT_EQ(series(zero, "artshop_db_serialization_failures_total"), 0.0) << zero;
  EXPECT_EQ(series(zero, "artshop_db_transaction_retries_total"), 0.0) << zero;
  // Another session changes the account row first; the profile update that waits for it fails
  // to serialize once it commits (its snapshot predates the change) and is run again.
  postgres::Connection session(url);
  session.execute("BEGIN");
  auto touch = session.prepare("UPDATE accounts SET first_name = first_name WHERE email = ?1");
  touch.bind(1, customer.email).run();
  auto update = std::async(std::launch::async, [&] {
    return shop->post("/api/accounts/update",
                      json::object{{"firstName", "Ada"}, {"lastName", "Lovelace"}}, customer);
  });
  ASSERT_TRUE(eventually([&] { return someone_waits_for_a_lock(); }));
  session.commit();

  EXPECT_EQ(update.get().status, 200);
  const auto seen = metrics();
  EXPECT_GE(series(seen, "artshop_db_serialization_failures_total").value_or(0), 1.0) << seen;
  EXPECT_GE(series(seen, "artshop_db_transaction_retries_total").value_or(0), 1.0) << seen;
  EXPECT_EQ(series(seen, "artshop_db_deadlocks_total"), 0.0) << seen;
}

TEST_F(DatabaseTimeouts, MetricsShowTheCatalogueReadModelBehindTheDatabaseUntilItCatchesUp) {
  start("");
  const auto caught_up = [&](std::string& seen) {
    seen = metrics();
    return series(seen, "artshop_catalogue_versions_behind") == 0.0 &&
           series(seen, "artshop_catalogue_behind_seconds") == 0.0;
  };
  // Just after the start the read model may still be taking in what was written before.
  std::string current;
  ASSERT_TRUE(eventually([&] { return caught_up(current); })) << current;
  // The offers cannot be read while another session holds them locked: the read model learns
  // of a newer catalogue version but cannot take it in.
  postgres::Connection locker(url);
  locker.execute("BEGIN; LOCK TABLE offers IN ACCESS EXCLUSIVE MODE");
  postgres::Connection(url).execute(
      "INSERT INTO catalogue_changes (offer_id, version) "
      "SELECT 424242, coalesce(max(version), 0) + 1 FROM catalogue_changes");

  std::string behind;
  EXPECT_TRUE(eventually([&] {
    behind = metrics();
    return series(behind, "artshop_catalogue_versions_behind") == 1.0 &&
           series(behind, "artshop_catalogue_behind_seconds").value_or(0) > 0.0;
  })) << behind;

  locker.execute("ROLLBACK");
  EXPECT_TRUE(eventually([&] { return caught_up(current); })) << current;
}

TEST_F(DatabaseTimeouts, AServerOpensItsPoolAndAtMostSixConnectionsForTheCatalogue) {
  start("", {{"ARTSHOP_DATABASE_POOL_SIZE", "3"}});
  for (int i = 0; i < 20; ++i) EXPECT_EQ(get(server->url("/api/offers?Currency=EUR")).status, 200);
  const auto seen = metrics();
  EXPECT_EQ(series(seen, "artshop_db_pool_connections"), 3.0) << seen;
  // The server's sessions, told from this test's own by the name the driver gives them.
  postgres::Connection look(url + "?application_name=tester");
  auto sessions = look.prepare(
      "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND "
      "application_name = 'artshop'");
  sessions.step();
  EXPECT_GE(sessions.column_int(0), 3) << "the pool's, made up front";
  EXPECT_LE(sessions.column_int(0), 3 + 6) << "and the read model's four probes, patcher, reloader";
}

}  // namespace
}  // namespace artshop::testing
