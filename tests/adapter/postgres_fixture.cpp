#include "postgres_fixture.hpp"

namespace artshop::postgres {

void PostgresTest::SetUp() {
  static int databases = 0;
  const std::string name = "test_" + std::to_string(++databases);
  Connection admin(cluster.url());
  admin.execute("CREATE DATABASE " + name);
  url = cluster.url(name);
  db = std::make_unique<Connection>(url);
}

std::int64_t PostgresTest::integer(std::string_view query) {
  auto row = db->prepare(query);
  EXPECT_TRUE(row.step()) << query;
  return row.column_int(0);
}

}  // namespace artshop::postgres
