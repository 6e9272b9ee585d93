// The server seeding a new shop's catalogue killed with SIGKILL while it draws, with two more
// servers waiting for the catalogue: once its seeding lease runs out, one of the others takes
// it over and seeds, and both get ready with the catalogue seeded once.
#include <gtest/gtest.h>

#include <csignal>
#include <optional>

#include "artshop/postgres/connection.hpp"
#include "shop_api.hpp"
#include "support/eventually.hpp"
#include "support/http_client.hpp"
#include "support/postgres_cluster.hpp"
#include "support/server_process.hpp"

namespace artshop::testing {
namespace {

using namespace std::chrono_literals;

// Enough pictures to draw that the first server is still at it when it is killed.
constexpr int kOffers = 12;
constexpr std::chrono::seconds kLeaseTerm{3};

class SeedingTakeover : public ::testing::Test {
 protected:
  SeedingTakeover() {
    postgres::Connection(database.url()).execute("CREATE DATABASE seeding_takeover");
    url = database.url("seeding_takeover");
    env = test_shop_environment();
    env.insert(env.end(), {{"ARTSHOP_DATABASE_URL", url},
                           {"ARTSHOP_SEED_OFFERS", std::to_string(kOffers)},
                           {"ARTSHOP_SEEDING_LEASE_SECONDS", std::to_string(kLeaseTerm.count())}});
  }

  std::unique_ptr<ServerProcess> start() const {
    return std::make_unique<ServerProcess>(ServerProcessOptions{.env = env});
  }

  // Who holds the seeding lease (its server's "host:pid:nonce"), if anyone.
  std::optional<std::string> seeding_holder() const {
    postgres::Connection db(url);
    auto row = db.prepare("SELECT holder FROM leases WHERE chore = 'seeding'");
    if (!row.step()) return std::nullopt;
    return row.column_text(0);
  }
  static bool held_by(const std::optional<std::string>& holder, const ServerProcess& server) {
    std::string pid = ":";
    pid.append(std::to_string(server.pid())).push_back(':');
    return holder && holder->find(pid) != std::string::npos;
  }

  bool catalogue_seeded() const {
    return postgres_database(url)()
        ->prepare("SELECT 1 FROM settings WHERE key = 'catalogue.seeded'")
        .step();
  }

  static bool lists_the_catalogue(const ServerProcess& server) {
    const auto answer = get(server.url("/api/offers?Currency=EUR&PageSize=96"));
    return answer.status == 200 && json::parse(answer.body).at("total").as_int64() == kOffers;
  }

  PostgresCluster& database = PostgresCluster::shared();
  std::string url;
  Environment env;
};

TEST_F(SeedingTakeover, TheSeedingServerKilled_AnotherSeedsOnceItsLeaseEnds) {
  const auto first = start();
  ASSERT_TRUE(eventually([&] { return held_by(seeding_holder(), *first); })) << first->log_text();
  const auto second = start();
  const auto third = start();
  for (const auto* waiting : {second.get(), third.get()}) {
    ASSERT_TRUE(waiting->wait_for_log("another server is seeding the catalogue", 20s))
        << waiting->log_text();
  }

  first->send_signal(SIGKILL);
  ASSERT_TRUE(first->wait(10s));
  ASSERT_FALSE(catalogue_seeded()) << "the first server was killed before it finished seeding";
  EXPECT_EQ(get(second->url("/readyz")).status, 503) << "nobody is ready without a catalogue";

  // Its lease runs out within the term; one of the two takes it over at its next look.
  ASSERT_TRUE(eventually(
      [&] {
        const auto holder = seeding_holder();
        return held_by(holder, *second) || held_by(holder, *third);
      },
      kLeaseTerm * 5))
      << second->log_text() << third->log_text();
  for (const auto* server : {second.get(), third.get()}) {
    EXPECT_TRUE(eventually([&] { return get(server->url("/readyz")).status == 200; }, 60s))
        << server->log_text();
    EXPECT_TRUE(eventually([&] { return lists_the_catalogue(*server); })) << server->log_text();
  }
  EXPECT_TRUE(catalogue_seeded()) << "seeded once: each lists exactly the offers asked for";
}

}  // namespace
}  // namespace artshop::testing
