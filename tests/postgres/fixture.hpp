#pragma once

#include <gtest/gtest.h>

#include <string>

#include "artshop/postgres/connection.hpp"
#include "support/postgres_cluster.hpp"

namespace artshop::postgres {

// A new database on the test executable's cluster, named for the order it was made in; when
// `migrated`, a copy of one migrated with the shop's schema (made once, then copied: far
// quicker than migrating each). Answers its URL.
std::string new_database(bool migrated);

// Each test gets a database of its own, empty, on the test executable's cluster.
class PostgresTest : public ::testing::Test {
 protected:
  void SetUp() override;

  // Reads one integer: `SELECT ...` answering one row.
  std::int64_t integer(std::string_view query);

  testing::PostgresCluster& cluster = testing::PostgresCluster::shared();
  std::string url;
  // A connection to it, for the test's own set-up and checks.
  std::unique_ptr<Connection> db;
};

// Each test gets a database of its own migrated with the shop's schema, rather than an empty one.
class ShopPostgresTest : public PostgresTest {
 protected:
  void SetUp() override {
    url = shop_url;
    db = std::make_unique<Connection>(url);
  }

  std::string shop_url = new_database(true);
};

}  // namespace artshop::postgres
