// The shop's real server on PostgreSQL through pgbouncer in transaction mode (Debian 12's
// 1.18), set up as docs/scale-out.md "Behind pgbouncer" says: the customer's flows answer as
// they do on a direct connection, while the server's connections (four workers, the catalogue's
// and the chores') take turns on two server sessions.
#include "shop_api.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "money_races.hpp"
#include "pgbouncer/fixture.hpp"
#include "support/eventually.hpp"
#include "support/http_client.hpp"
#include "support/server_process.hpp"

namespace artshop::testing {
namespace {

namespace json = boost::json;
using namespace std::chrono_literals;

constexpr int kOffers = 4;

class ShopThroughPgbouncer : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    auto& cluster = BouncedCluster::shared();
    cluster.create_database("artshop");
    auto env = test_shop_environment();
    env.insert(env.end(), {{"ARTSHOP_DATABASE_URL",
                            cluster.bouncer.url("artshop") + "?prepared_statements=off"},
                           {"ARTSHOP_SEED_OFFERS", std::to_string(kOffers)}});
    server_ = std::make_unique<ServerProcess>(ServerProcessOptions{.env = std::move(env)});
    if (!eventually([] { return get(server_->url("/readyz")).status == 200; }, 60s)) {
      throw std::runtime_error("the shop did not get ready through pgbouncer:\n" +
                               server_->log_text() + "\npgbouncer:\n" + cluster.bouncer.log_text());
    }
    // The tester's look goes straight to PostgreSQL.
    shop_ = std::make_unique<ShopClient>(server_->base_url(),
                                         postgres_database(cluster.database.url("artshop")));
  }
  static void TearDownTestSuite() {
    shop_.reset();
    server_.reset();
  }

  void TearDown() override {
    // Whatever went wrong, it was not the login: pgbouncer refused no session.
    EXPECT_EQ(bouncer().log_count("unsupported startup parameter"), 0U) << bouncer().log_text();
    EXPECT_EQ(server_->log_text().find("prepared statement"), std::string::npos)
        << server_->log_text();
  }

  static PgBouncer& bouncer() { return BouncedCluster::shared().bouncer; }

  static inline std::unique_ptr<ServerProcess> server_;
  static inline std::unique_ptr<ShopClient> shop_;
  ShopClient& shop = *shop_;
};

TEST_F(ShopThroughPgbouncer, ACustomerRegistersLogsInAndRefreshesTheirToken) {
  const auto ann = shop.sign_up();
  const auto login =
      post_json(shop.url("/api/Accounts/login"),
                json::serialize(json::value{{"email", ann.email}, {"password", kTestPassword}}));
  ASSERT_EQ(login.status, 200) << login.body;
  const auto refreshed = post_json(
      shop.url("/api/Accounts/refresh"),
      json::serialize(json::value{{"refreshToken", json::parse(login.body).at("refreshToken")}}));
  EXPECT_EQ(refreshed.status, 200) << refreshed.body;
  const auto wrong =
      post_json(shop.url("/api/Accounts/login"),
                json::serialize(json::value{{"email", ann.email}, {"password", "not it at all"}}));
  EXPECT_EQ(wrong.status, 400);
  EXPECT_EQ(field_errors(wrong, ""),
            std::vector<std::string>{"The e-mail or password is incorrect."});
}

TEST_F(ShopThroughPgbouncer, TheCatalogueListsTheSeededOffersAndACartOfTwoIsPaidFromTheBalance) {
  const auto skus = shop.skus();
  std::set<std::int64_t> offers;
  std::vector<Sku> regular;
  for (const auto& sku : skus) {
    offers.insert(sku.offer_id);
    if (sku.licence != "ExclusiveCommercial") regular.push_back(sku);
  }
  ASSERT_EQ(offers.size(), static_cast<std::size_t>(kOffers));
  ASSERT_GE(regular.size(), 2U);
  const auto ann = shop.sign_up();
  const std::vector<Sku> cart{regular.front(), regular.back()};
  const std::int64_t total = cart[0].price_cents + cart[1].price_cents;
  shop.fund_cents(ann, total + 5'00);

  const auto placed = shop.place_order(ann, cart, nullptr, /*by_balance=*/true);
  ASSERT_EQ(placed.status, 200) << placed.body;
  EXPECT_EQ(shop.balance(ann), 5'00);
  const auto orders = json::parse(shop.get("/api/orders", ann).body).at("items").as_array();
  EXPECT_EQ(orders.size(), 1U);
  races::expect_the_ledger_balances(shop);
}

TEST_F(ShopThroughPgbouncer, AGiftCardBoughtByOneCustomerCreditsAnother) {
  const auto number = races::bought_gift_card(shop, "30.00");
  const auto bob = shop.sign_up();
  const auto redeemed =
      shop.post("/api/balance/gift-card", json::object{{"giftCardNumber", number}}, bob);
  ASSERT_EQ(redeemed.status, 200) << redeemed.body;
  EXPECT_EQ(shop.balance(bob), 30'00);
}

TEST_F(ShopThroughPgbouncer, ASupportTicketIsAnsweredWithItsReferenceAndItsMailsGoOut) {
  const auto response = post_json(
      shop.url("/api/support/create-ticket"),
      json::serialize(json::object{{"email", "ann@example.com"},
                                   {"name", "Ann Example"},
                                   {"supportTicketType", "order"},
                                   {"description", "My download link for order 12 answers 404."}}));
  ASSERT_EQ(response.status, 200) << response.body;
  const std::string reference(parse_object(response).at("reference").as_string());
  EXPECT_EQ(
      shop.count("SELECT count(*) FROM support_tickets WHERE reference = '" + reference + "'"), 1);
  // The mail chore, another of the server's connections, sends both.
  EXPECT_TRUE(eventually([&] {
    return shop.count("SELECT count(*) FROM mail_outbox WHERE status = 'Pending'") == 0;
  })) << server_->log_text();
}

TEST_F(ShopThroughPgbouncer, ConcurrentOrdersAndRedemptions_MoneyMovesExactlyOnceOnSharedSessions) {
  races::fifty_balance_orders_on_funds_for_ten(shop);
  races::twenty_redemptions_of_one_gift_card(shop);
  // The server's clients logged in many more times than there are server sessions: every
  // transaction above ran on one of two sessions that others used before and after it.
  EXPECT_LE(bouncer().log_count("artshop/postgres@127.0.0.1:" +
                                std::to_string(BouncedCluster::shared().database.port()) +
                                " new connection to server"),
            static_cast<std::size_t>(BouncedCluster::kPoolSize));
  EXPECT_GT(bouncer().log_count("login attempt: db=artshop"),
            static_cast<std::size_t>(BouncedCluster::kPoolSize));
}

}  // namespace
}  // namespace artshop::testing
