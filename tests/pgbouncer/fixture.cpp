#include "pgbouncer/fixture.hpp"

#include "artshop/postgres/connection.hpp"

namespace artshop::testing {

BouncedCluster& BouncedCluster::shared() {
  static BouncedCluster cluster;
  return cluster;
}

void BouncedCluster::create_database(std::string_view name) {
  postgres::Connection(database.url()).execute("CREATE DATABASE " + std::string(name));
}

}  // namespace artshop::testing
