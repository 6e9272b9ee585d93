#pragma once

#include <gtest/gtest.h>

#include <string>

#include "artshop/postgres/connection.hpp"
#include "support/postgres_cluster.hpp"

namespace artshop::postgres {

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

}  // namespace artshop::postgres
