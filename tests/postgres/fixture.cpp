#include "postgres/fixture.hpp"

#include <mutex>

#include "artshop/postgres/migrations.hpp"

namespace artshop::postgres {

namespace {

constexpr std::string_view kMigratedTemplate = "artshop_migrated";

}  // namespace

std::string new_database(bool migrated) {
  static std::mutex naming;
  static int databases = 0;
  static bool template_made = false;
  auto& cluster = testing::PostgresCluster::shared();
  const std::lock_guard lock(naming);
  Connection admin(cluster.url());
  if (migrated && !template_made) {
    admin.execute("CREATE DATABASE " + std::string(kMigratedTemplate));
    Connection schema(cluster.url(kMigratedTemplate));
    migrate(schema, artshop_schema());
    template_made = true;
  }
  const std::string name = "test_" + std::to_string(++databases);
  admin.execute("CREATE DATABASE " + name +
                (migrated ? " TEMPLATE " + std::string(kMigratedTemplate) : std::string()));
  return cluster.url(name);
}

void PostgresTest::SetUp() {
  url = new_database(false);
  db = std::make_unique<Connection>(url);
}

std::int64_t PostgresTest::integer(std::string_view query) {
  auto row = db->prepare(query);
  EXPECT_TRUE(row.step()) << query;
  return row.column_int(0);
}

}  // namespace artshop::postgres
