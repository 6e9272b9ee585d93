// PostgreSQL stopped for a few seconds and started again under a running server, while
// visitors register and browse (docs/reliability.md, "The database goes away"). While it is
// away, every write answers 503 with Retry-After, never 500, and the catalogue answers from
// the snapshot it holds; once it is back, every call recovers, the catalogue takes in what was
// written meanwhile, and every registration that was acknowledged can log in.
#include <gtest/gtest.h>

#include <atomic>
#include <iostream>
#include <mutex>
#include <stop_token>
#include <thread>

#include "artshop/postgres/connection.hpp"
#include "shop_api.hpp"
#include "support/eventually.hpp"
#include "support/http_client.hpp"
#include "support/postgres_cluster.hpp"
#include "support/server_process.hpp"

namespace artshop::testing {
namespace {

using namespace std::chrono_literals;

constexpr int kOffers = 4;
constexpr std::chrono::seconds kOutage{4};
constexpr int kRegistrants = 2;
constexpr int kBrowsers = 2;

// Where the database was when a call was sent and when it was answered: a call counts as made
// while it was away only when both were.
enum class Phase { Up, Away, Back };

json::value register_payload(const std::string& email) {
  return json::object{{"email", email},
                      {"password", kTestPassword},
                      {"repeatedPassword", kTestPassword},
                      {"agreedToPrivacyPolicy", true}};
}

// A 503 as DESIGN.md section 2 has it: a problem body and a Retry-After.
bool told_to_come_back(const HttpResponse& answer) {
  if (answer.status != 503 || answer.header("Retry-After").empty()) return false;
  const auto body = json::parse(answer.body).as_object();
  return body.at("title").as_string() == "Service Unavailable" &&
         body.at("status").as_int64() == 503;
}

class DatabaseRestart : public ::testing::Test {
 protected:
  DatabaseRestart() {
    postgres::Connection(database.url()).execute("CREATE DATABASE artshop");
    auto env = test_shop_environment();
    env.insert(env.end(), {{"ARTSHOP_DATABASE_URL", database.url("artshop")},
                           {"ARTSHOP_SEED_OFFERS", std::to_string(kOffers)}});
    server = std::make_unique<ServerProcess>(ServerProcessOptions{.env = std::move(env)});
  }

  bool ready() const { return get(server->url("/readyz")).status == 200; }

  void registering(const std::stop_token& stop, int registrant) {
    for (int n = 0; !stop.stop_requested(); ++n) {
      const auto email =
          "restart-" + std::to_string(registrant) + "-" + std::to_string(n) + "@example.com";
      const auto sent = phase.load();
      const auto answer = post_json(server->url("/api/Accounts/register"),
                                    json::serialize(register_payload(email)));
      const auto answered = phase.load();
      {
        const std::lock_guard lock(mutex);
        if (answer.status == 200) {
          acknowledged.push_back(email);
          if (sent == Phase::Back) ++registered_after;
        } else if (told_to_come_back(answer)) {
          if (sent == Phase::Away && answered == Phase::Away) ++refused_while_away;
        } else {
          surprises.push_back("register: " + std::to_string(answer.status) + " " + answer.body);
        }
      }
      paced();
    }
  }

  void browsing(const std::stop_token& stop) {
    while (!stop.stop_requested()) {
      const auto sent = phase.load();
      const auto answer = get(server->url("/api/offers?Currency=EUR"));
      const auto answered = phase.load();
      {
        const std::lock_guard lock(mutex);
        if (answer.status == 200 && json::parse(answer.body).at("total").as_int64() == kOffers) {
          if (sent == Phase::Away && answered == Phase::Away) ++listed_while_away;
        } else {
          surprises.push_back("listing: " + std::to_string(answer.status) + " " + answer.body);
        }
      }
      paced();
    }
  }

  // A visitor's pace between calls, so that the load does not starve the server's password
  // hashing (at idle priority) on a small machine.
  static void paced() { std::this_thread::sleep_for(10ms); }

  template <class Count>
  bool counted(const Count& count) {
    const std::lock_guard lock(mutex);
    return count() > 0;
  }

  PostgresCluster database;
  std::unique_ptr<ServerProcess> server;
  std::atomic<Phase> phase{Phase::Up};

  std::mutex mutex;
  std::vector<std::string> acknowledged;
  int refused_while_away = 0;
  int listed_while_away = 0;
  int registered_after = 0;
  std::vector<std::string> surprises;
};

TEST_F(DatabaseRestart, WritesAnswer503AndListingsTheSnapshotWhileAway_EverythingRecoversAfter) {
  ASSERT_TRUE(eventually([&] { return ready(); }, 120s)) << server->log_text();
  ShopClient shop(server->base_url(), postgres_database(database.url("artshop")));
  // Stopped and joined as they go, whenever the test ends.
  std::vector<std::jthread> load;
  for (int i = 0; i < kRegistrants; ++i) {
    load.emplace_back([this, i](const std::stop_token& stop) { registering(stop, i); });
  }
  for (int i = 0; i < kBrowsers; ++i) {
    load.emplace_back([this](const std::stop_token& stop) { browsing(stop); });
  }
  ASSERT_TRUE(eventually([&] { return counted([&] { return acknowledged.size(); }); }, 60s));

  {
    PostgresCluster::Outage outage(database);
    const auto stopped = std::chrono::steady_clock::now();
    phase = Phase::Away;
    EXPECT_TRUE(eventually([&] { return get(server->url("/readyz")).status == 503; }, 10s));
    EXPECT_EQ(get(server->url("/healthz")).status, 200);
    EXPECT_TRUE(eventually([&] { return counted([&] { return refused_while_away; }); }, 30s))
        << "a write was made and refused while the database was away";
    EXPECT_TRUE(eventually([&] { return counted([&] { return listed_while_away; }); }, 30s))
        << "the catalogue answered while the database was away";
    // The outage lasts as long as the scenario says, whatever the checks above took.
    std::this_thread::sleep_until(stopped + kOutage);
    phase = Phase::Back;
    outage.end();
  }
  const auto started = std::chrono::steady_clock::now();

  EXPECT_TRUE(eventually([&] { return ready(); }, 30s)) << "readiness recovers";
  const auto ready_after = std::chrono::steady_clock::now() - started;
  EXPECT_TRUE(eventually([&] { return counted([&] { return registered_after; }); }, 30s))
      << "registrations recover";
  // Another server's write once the database is back: the read model reconnected and takes it
  // in, rather than answering its old snapshot (or failing) for good.
  postgres::Connection(database.url("artshop"))
      .execute("UPDATE offers SET title = 'Back again' WHERE id = (SELECT min(id) FROM offers)");
  EXPECT_TRUE(eventually([&] {
    return get(server->url("/api/offers?Currency=EUR&PageSize=96")).body.find("Back again") !=
           std::string::npos;
  }));
  load.clear();

  EXPECT_TRUE(surprises.empty()) << ::testing::PrintToString(surprises);
  {
    const std::lock_guard lock(mutex);
    std::cout << acknowledged.size() << " registration(s) acknowledged, " << refused_while_away
              << " write(s) answered 503 and " << listed_while_away
              << " listing(s) answered from the snapshot while the database was away; ready "
              << std::chrono::duration_cast<std::chrono::milliseconds>(ready_after).count()
              << " ms after PostgreSQL accepted connections again\n";
  }
  // Every call answers as before: a new customer signs up and in, and the catalogue lists.
  const auto newcomer = shop.sign_up();
  EXPECT_EQ(shop.balance(newcomer), 0);
  EXPECT_FALSE(shop.skus().empty());
  // Nothing acknowledged was lost: every registration answered 200 can log in.
  for (const auto& email : acknowledged) {
    const auto login =
        post_json(server->url("/api/Accounts/login"),
                  json::serialize(json::object{{"email", email}, {"password", kTestPassword}}));
    EXPECT_EQ(login.status, 200) << email << ": " << login.body;
  }
}

}  // namespace
}  // namespace artshop::testing
