#pragma once

// A shop scaled out as docs/scale-out.md "A cluster" describes: three `artshop serve` processes
// on one PostgreSQL database and one S3 bucket, sharing every secret, behind nginx
// round-robin. The tests talk to nginx, as customers and the payment provider would.
#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <memory>
#include <string>

#include "adapter/payments_test_support.hpp"
#include "artshop/core/exchange_rates.hpp"
#include "shop_api.hpp"
#include "support/nginx_proxy.hpp"
#include "support/postgres_cluster.hpp"
#include "support/s3_server.hpp"
#include "support/server_process.hpp"

namespace artshop::testing {

class ShopCluster {
 public:
  static constexpr std::size_t kServers = 3;
  // Offers seeded: few, for speed, but one of them (the second) is an exclusive.
  static constexpr int kOffers = 4;
  // How often the exchange rates are due from the feed (ecb_refresh_seconds).
  static constexpr std::chrono::seconds kRatesRefresh{4};

  // The cluster of this test executable, started by the first call. Call it from the main
  // thread (a suite's SetUpTestSuite): the database server quits when that thread ends.
  static ShopCluster& shared();

  ShopCluster();
  ShopCluster(const ShopCluster&) = delete;
  ShopCluster& operator=(const ShopCluster&) = delete;

  // The shop through nginx, and the tester's look into the shared database.
  ShopClient& shop() { return *shop_; }
  ServerProcess& server(std::size_t index) { return *servers_.at(index); }
  // The servers' settings as a command line on the same database runs with (quoted
  // KEY='value' pairs): `artshop staff add` and the like.
  std::string command_environment() const;

  // The ECB feed the servers fetch their rates from: a stand-in that answers each fetch with
  // another USD rate (usd_rate of its number, counting from 1), as a feed that changed.
  std::size_t rates_fetches() const { return rates_feed_.received().size(); }
  static Rate usd_rate(std::size_t fetch) {
    return Rate{1'100'000 + (static_cast<std::int64_t>(fetch) * 10'000)};
  }

  // Ends server `index` with SIGKILL, as a machine that loses power stops: no goodbye to its
  // connections, its requests in flight cut off.
  void kill(std::size_t index);
  // Stops server `index` with SIGSTOP, as a machine that hangs: its connections stay open and
  // take requests that nothing answers.
  void freeze(std::size_t index);
  // Starts server `index` again on its port (nginx knows it by its port); returns once it is
  // ready.
  void restart(std::size_t index);

 private:
  std::unique_ptr<ServerProcess> start_server(unsigned short port) const;
  static void await_ready(const ServerProcess& server, std::chrono::seconds timeout);

  PostgresCluster database_;
  S3Server bucket_;
  payments::test_support::LoopbackHttpServer rates_feed_;
  std::string database_url_;
  Environment environment_;
  std::array<std::unique_ptr<ServerProcess>, kServers> servers_;
  std::unique_ptr<NginxProxy> proxy_;
  std::unique_ptr<ShopClient> shop_;
};

// A suite whose tests run against the shared cluster.
class ClusterTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { ShopCluster::shared(); }

  ShopCluster& cluster = ShopCluster::shared();
  ShopClient& shop = cluster.shop();
};

}  // namespace artshop::testing
