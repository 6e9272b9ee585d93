// Exchange rates in a cluster: the servers' feed (a stand-in) answers every fetch with another
// USD rate, so two servers that fetched on their own would price apart. One server fetches for
// all and stores the rates in the database; after each change every server prices an offer in
// dollars at the latest rate, identically.
#include <gtest/gtest.h>

#include "cluster/cluster_fixture.hpp"
#include "support/eventually.hpp"
#include "support/http_client.hpp"

namespace artshop::testing {
namespace {

using namespace std::chrono_literals;

// What `server` asks for `sku` in minor units of `currency`, or nothing when it did not answer.
std::optional<std::int64_t> price(const ServerProcess& server, const Sku& sku,
                                  std::string_view currency) {
  const auto answer = get(server.url("/api/offers?PageSize=96&Currency=" + std::string(currency)));
  if (answer.status != 200) return std::nullopt;
  const auto page = json::parse(answer.body);
  for (const auto& item : page.at("items").as_array()) {
    if (item.at("id").as_int64() != sku.offer_id) continue;
    for (const auto& attribute : item.at("attributes").as_array()) {
      if (attribute.at("id").as_int64() == sku.attribute_id) {
        return attribute.at("price").at("minorUnits").as_int64();
      }
    }
  }
  return std::nullopt;
}

using ClusterRates = ClusterTest;

TEST_F(ClusterRates, AfterARateChangeFromTheFeed_EveryServerPricesAnOfferAlikeAtTheNewRate) {
  const auto sku = shop.cheapest_regular();
  const auto before = cluster.rates_fetches();
  ASSERT_TRUE(
      eventually([&] { return cluster.rates_fetches() > before; }, ShopCluster::kRatesRefresh * 5))
      << "the rates fall due again and are fetched";

  std::vector<std::optional<std::int64_t>> prices(ShopCluster::kServers);
  std::int64_t expected = 0;
  const bool alike = eventually([&] {
    const auto fetches = cluster.rates_fetches();
    // Euro cents at the latest fetch's dollars per euro, rounded half up to the cent.
    expected = ((sku.price_cents * ShopCluster::usd_rate(fetches).scaled) + (Rate::kScale / 2)) /
               Rate::kScale;
    for (std::size_t i = 0; i < ShopCluster::kServers; ++i) {
      prices[i] = price(cluster.server(i), sku, "USD");
    }
    return cluster.rates_fetches() == fetches &&
           std::ranges::all_of(prices, [&](const auto& p) { return p == expected; });
  });
  EXPECT_TRUE(alike) << "every server prices at the rate of the latest fetch, " << expected
                     << " cents; they asked " << ::testing::PrintToString(prices);
}

}  // namespace
}  // namespace artshop::testing
