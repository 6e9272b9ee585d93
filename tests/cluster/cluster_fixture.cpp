#include "cluster/cluster_fixture.hpp"

#include <fmt/format.h>

#include <csignal>
#include <stdexcept>

#include "artshop/postgres/connection.hpp"
#include "support/eventually.hpp"
#include "support/http_client.hpp"

namespace artshop::testing {
namespace {

using namespace std::chrono_literals;

// Every server holds the same keys (hex of 32 bytes): a token one server signs, a gift-card
// number one seals and a reset code one stores must be good on the others. Left unset, each
// would generate its own into its data folder.
constexpr std::string_view kJwtSigningKey =
    "985f560d9c10e00a32cb7e30976d500c2529761acf2647ccf09a164eafdd3916";
constexpr std::string_view kResetCodeKey =
    "b1b87a397e8968ecd71a1c094c6550a3e0617dd959ff0e1cf5acbb24569b73f7";
constexpr std::string_view kGiftCardKey =
    "bfb76530f61ad061054803ecf9c1601cc221e44b4d9bf77ef0cc9e7ac4230178";

// The ECB's daily feed, as much of it as the shop reads, with `usd` dollars to the euro.
std::string ecb_feed(Rate usd) {
  return fmt::format(
      "<gesmes:Envelope><Cube><Cube time='2026-11-27'><Cube currency='USD' rate='{}.{:06}'/>"
      "</Cube></Cube></gesmes:Envelope>",
      usd.scaled / Rate::kScale, usd.scaled % Rate::kScale);
}

bool offers_listed(const ServerProcess& server) {
  const auto answer = get(server.url("/api/offers?Currency=EUR&PageSize=96"));
  return answer.status == 200 && json::parse(answer.body).at("items").as_array().size() ==
                                     static_cast<std::size_t>(ShopCluster::kOffers);
}

}  // namespace

ShopCluster& ShopCluster::shared() {
  static ShopCluster cluster;
  return cluster;
}

ShopCluster::ShopCluster()
    : rates_feed_([this](const payments::test_support::RecordedRequest&) {
        // The fetches received so far do not count this one yet.
        return payments::test_support::CannedAnswer{
            .status = 200, .body = ecb_feed(usd_rate(rates_fetches() + 1))};
      }) {
  postgres::Connection(database_.url()).execute("CREATE DATABASE artshop");
  database_url_ = database_.url("artshop");
  environment_ = test_shop_environment();
  environment_.insert(environment_.end(),
                      {{"ARTSHOP_DATABASE_URL", database_url_},
                       {"ARTSHOP_JWT_SIGNING_KEY", std::string(kJwtSigningKey)},
                       {"ARTSHOP_RESET_CODE_KEY", std::string(kResetCodeKey)},
                       {"ARTSHOP_GIFT_CARD_KEY", std::string(kGiftCardKey)},
                       {"ARTSHOP_BLOB_STORE_KIND", "s3"},
                       {"ARTSHOP_S3_ENDPOINT", bucket_.endpoint()},
                       {"ARTSHOP_S3_BUCKET", bucket_.bucket()},
                       {"ARTSHOP_S3_ACCESS_KEY_ID", std::string(S3Server::kAccessKeyId)},
                       {"ARTSHOP_S3_SECRET_ACCESS_KEY", std::string(S3Server::kSecretAccessKey)},
                       {"ARTSHOP_SEED_OFFERS", std::to_string(kOffers)},
                       {"ARTSHOP_RATES_SOURCE", "ecb"},
                       {"ARTSHOP_ECB_URL", rates_feed_.url("/eurofxref-daily.xml")},
                       {"ARTSHOP_ECB_REFRESH_SECONDS", std::to_string(kRatesRefresh.count())}});

  // All three start on the empty database without waiting for one another, as a new
  // deployment's servers do: the first migrates it, one of them seeds the catalogue into it
  // and the bucket, and the others get ready once it is there.
  for (auto& server : servers_) server = start_server(0);
  for (const auto& server : servers_) {
    await_ready(*server, 120s);
    // Each server's catalogue read model takes in the seeded offers on its next call; exactly
    // kOffers of them, since the catalogue was seeded once.
    if (!eventually([&] { return offers_listed(*server); })) {
      throw std::runtime_error("a server does not list the seeded catalogue:\n" +
                               server->log_text());
    }
  }
  std::vector<unsigned short> ports;
  for (const auto& server : servers_) ports.push_back(server->port());
  proxy_ = std::make_unique<NginxProxy>(ports);
  shop_ = std::make_unique<ShopClient>(proxy_->base_url(), postgres_database(database_url_));
}

std::unique_ptr<ServerProcess> ShopCluster::start_server(unsigned short port) const {
  auto env = environment_;
  env.emplace_back("ARTSHOP_PORT", std::to_string(port));
  return std::make_unique<ServerProcess>(ServerProcessOptions{.env = std::move(env)});
}

void ShopCluster::await_ready(const ServerProcess& server, std::chrono::seconds timeout) {
  if (!eventually([&] { return get(server.url("/readyz")).status == 200; }, timeout)) {
    throw std::runtime_error("a server did not get ready:\n" + server.log_text());
  }
}

void ShopCluster::kill(std::size_t index) {
  auto& server = *servers_.at(index);
  server.send_signal(SIGKILL);
  if (!server.wait(10s)) throw std::runtime_error("a server outlived SIGKILL");
}

void ShopCluster::freeze(std::size_t index) {
  servers_.at(index)->send_signal(SIGSTOP);
}

void ShopCluster::restart(std::size_t index) {
  const auto port = servers_.at(index)->port();
  servers_[index].reset();
  servers_[index] = start_server(port);
  await_ready(*servers_[index], 30s);
}

std::string ShopCluster::command_environment() const {
  std::string text;
  for (const auto& [name, value] : environment_) text += name + "='" + value + "' ";
  return text;
}

}  // namespace artshop::testing
