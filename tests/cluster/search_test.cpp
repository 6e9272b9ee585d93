// Catalogue search across the cluster (docs/catalogue.md, "Search"): every server keeps its own
// index of the catalogue and follows the writes of the others through the catalogue version. A
// picture published through one server is found by a search on every server within the read
// model's delay, by a word only it holds; hidden through another, it is found on none.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <string>
#include <vector>

#include "artshop/core/text.hpp"
#include "cluster/cluster_fixture.hpp"
#include "cluster/cluster_staff.hpp"
#include "support/eventually.hpp"
#include "test_pictures.hpp"

namespace artshop::testing {
namespace {

using ClusterSearch = ClusterTest;
namespace json = boost::json;

// The urlNames server `index` finds for `query`, "(no answer)" when it did not answer 200.
std::vector<std::string> found(ShopCluster& cluster, std::size_t index, const std::string& query) {
  const auto page = get(cluster.server(index).url("/api/offers?Currency=EUR&PageSize=96&Search=" +
                                                  text::percent_encode(query)));
  if (page.status != 200) return {"(no answer)"};
  const auto listing = json::parse(page.body);
  std::vector<std::string> names;
  for (const auto& offer : listing.at("items").as_array()) {
    names.emplace_back(offer.at("urlName").as_string());
  }
  return names;
}

// On every server at once, `query` finds exactly `expected`.
bool every_server_finds(ShopCluster& cluster, const std::string& query,
                        const std::vector<std::string>& expected) {
  for (std::size_t i = 0; i < ShopCluster::kServers; ++i) {
    if (found(cluster, i, query) != expected) return false;
  }
  return true;
}

TEST_F(ClusterSearch, APicturePublishedOnOneServerIsFoundOnEvery_AndHiddenOnAnotherOnNone) {
  const ClusterStaff owner(cluster, "search-owner@example.com");
  // "Zeppelins": a word no seeded picture holds, asked in the plural, which only the index's
  // stemming finds in the title's singular.
  const std::string query = "zeppelins";
  ASSERT_TRUE(every_server_finds(cluster, query, {})) << "nothing holds the word before";

  const auto made =
      owner.call(0, "POST",
                 "/api/admin/offers?Title=" + text::percent_encode("Marigold Zeppelin") +
                     "&Category=landscapes&Style=Watercolor",
                 rgb_png(800, 600), {}, "image/png");
  ASSERT_EQ(made.status, 201) << made.body;
  const auto id = json::parse(made.body).at("id").as_int64();
  const auto published = owner.call(1, "POST", fmt::format("/api/admin/offers/{}/publish", id));
  ASSERT_EQ(published.status, 200) << published.body;
  EXPECT_TRUE(eventually([&] { return every_server_finds(cluster, query, {"marigold-zeppelin"}); }))
      << "published through server 1, found on every server; they find "
      << ::testing::PrintToString(std::vector{found(cluster, 0, query), found(cluster, 1, query),
                                              found(cluster, 2, query)});

  const auto hidden = owner.call(2, "POST", fmt::format("/api/admin/offers/{}/hide", id));
  ASSERT_EQ(hidden.status, 200) << hidden.body;
  EXPECT_TRUE(eventually([&] { return every_server_finds(cluster, query, {}); }))
      << "hidden through server 2, found on none; they find "
      << ::testing::PrintToString(std::vector{found(cluster, 0, query), found(cluster, 1, query),
                                              found(cluster, 2, query)});
}

}  // namespace
}  // namespace artshop::testing
