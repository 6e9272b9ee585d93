// A server started on a PostgreSQL URL that carries passwords, in both places a libpq URL may:
// the user-info (user:password@) and the query (?password=). The log names the database it
// opened, and neither password.
#include <gtest/gtest.h>

#include "artshop/postgres/connection.hpp"
#include "shop_api.hpp"
#include "support/postgres_cluster.hpp"
#include "support/server_process.hpp"

namespace artshop::testing {
namespace {

constexpr std::string_view kUserInfoPassword = "user-info-secret-4c1d";
constexpr std::string_view kQueryPassword = "query-secret-9e2a";

TEST(DatabaseUrl, PasswordsInTheUrl_NeverReachTheLog) {
  PostgresCluster& database = PostgresCluster::shared();
  postgres::Connection(database.url()).execute("CREATE DATABASE url_passwords");
  // The test cluster trusts every local connection, so the passwords are carried but unused.
  auto url = database.url("url_passwords");
  url.replace(url.find("postgres@"), 9, "postgres:" + std::string(kUserInfoPassword) + "@");
  url += "?application_name=artshop&password=" + std::string(kQueryPassword);

  auto env = test_shop_environment();
  env.emplace_back("ARTSHOP_DATABASE_URL", url);
  ServerProcess server(ServerProcessOptions{.env = std::move(env)});
  const auto log = server.log_text();

  // The start logs where the database is: the URL, its passwords starred.
  EXPECT_NE(log.find("database postgresql://postgres:***@127.0.0.1:"), std::string::npos) << log;
  EXPECT_NE(log.find("url_passwords?application_name=artshop&password=***"), std::string::npos)
      << log;
  EXPECT_EQ(log.find(kUserInfoPassword), std::string::npos) << log;
  EXPECT_EQ(log.find(kQueryPassword), std::string::npos) << log;
}

}  // namespace
}  // namespace artshop::testing
