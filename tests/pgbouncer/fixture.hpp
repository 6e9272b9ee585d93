#pragma once

// The PostgreSQL cluster of this test executable with pgbouncer in transaction mode in front of
// it, few server sessions per database so that clients take turns on them.
#include "support/pgbouncer.hpp"
#include "support/postgres_cluster.hpp"

namespace artshop::testing {

class BouncedCluster {
 public:
  // Server sessions per database: fewer than the clients of any test, so that every test's
  // clients share them.
  static constexpr int kPoolSize = 2;

  // Started by the first call. Call it from the main thread (a suite's SetUpTestSuite): the
  // servers quit when that thread ends.
  static BouncedCluster& shared();

  // A fresh database on the server, created directly (pgbouncer serves every database).
  void create_database(std::string_view name);

  PostgresCluster database;
  PgBouncer bouncer{database.port(), kPoolSize};
};

}  // namespace artshop::testing
