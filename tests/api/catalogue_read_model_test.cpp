// The catalogue is answered from memory, yet every write to it shows on the very next call, in
// the server that wrote it and in another server process on the same database.
#include <gtest/gtest.h>

#include "shop_api.hpp"

namespace artshop::testing {
namespace {

class CatalogueReadModel : public ::testing::Test {
 protected:
  static json::object get_json(ServerProcess& server, const std::string& path_and_query) {
    const auto response = testing::get(server.url(path_and_query));
    EXPECT_EQ(response.status, 200) << path_and_query << ": " << response.body;
    return json::parse(response.body).as_object();
  }

  static bool lists(ServerProcess& server, std::string_view url_name) {
    const auto page = get_json(server, "/api/offers?Currency=EUR&Style=Exclusive&PageSize=96");
    return std::ranges::any_of(page.at("items").as_array(), [&](const json::value& offer) {
      return offer.at("urlName").as_string() == url_name;
    });
  }

  static std::int64_t total(ServerProcess& server) {
    return get_json(server, "/api/offers?Currency=EUR").at("total").as_int64();
  }
};

TEST_F(CatalogueReadModel, ABoughtExclusiveLeavesTheListingAtOnceInEveryServerOnTheDatabase) {
  ShopServer shop;
  // A second server process on the same data folder, as several app servers share a database.
  ServerProcess other({.env = {{"ARTSHOP_DATA_DIR", shop.data_dir().string()}}});
  ASSERT_TRUE(eventually([&] { return testing::get(other.url("/readyz")).status == 200; }));

  const auto exclusives = shop.exclusives();
  ASSERT_FALSE(exclusives.empty());
  const auto& picture = exclusives.front();
  const auto listed_before = total(shop.process());
  ASSERT_TRUE(lists(shop.process(), picture.url_name));
  ASSERT_TRUE(lists(other, picture.url_name));

  const auto ann = shop.sign_up();
  shop.fund_cents(ann, picture.price_cents);
  const auto bought = shop.place_order(ann, {picture}, nullptr, true);
  ASSERT_EQ(bought.status, 200) << bought.body;

  for (auto* server : {&shop.process(), &other}) {
    EXPECT_FALSE(lists(*server, picture.url_name)) << server->base_url();
    EXPECT_EQ(total(*server), listed_before - 1) << server->base_url();
    const auto sold =
        get_json(*server, "/api/offers/get-one?UrlName=" + picture.url_name + "&Currency=EUR");
    EXPECT_EQ(sold.at("status").as_string(), "SoldOut") << server->base_url();
  }
}

TEST_F(CatalogueReadModel, OfferCallsAnsweredBeforeAPurchaseAnswerAfreshRightAfterIt) {
  ShopServer shop;
  const auto exclusives = shop.exclusives();
  ASSERT_FALSE(exclusives.empty());
  const auto& picture = exclusives.front();
  const std::string listing = "/api/offers?Currency=EUR&Style=Exclusive&PageSize=96";
  const std::string one = "/api/offers/get-one?UrlName=" + picture.url_name + "&Currency=EUR";
  // Each asked twice, so that the second answer is the one kept for the same question.
  for (int round = 0; round < 2; ++round) {
    ASSERT_TRUE(lists(shop.process(), picture.url_name));
    ASSERT_EQ(get_json(shop.process(), one).at("status").as_string(), "Active");
  }
  const auto listing_before = testing::get(shop.process().url(listing)).body;

  const auto ann = shop.sign_up();
  shop.fund_cents(ann, picture.price_cents);
  ASSERT_EQ(shop.place_order(ann, {picture}, nullptr, true).status, 200);

  EXPECT_NE(testing::get(shop.process().url(listing)).body, listing_before);
  EXPECT_FALSE(lists(shop.process(), picture.url_name));
  EXPECT_EQ(get_json(shop.process(), one).at("status").as_string(), "SoldOut");
}

TEST_F(CatalogueReadModel, AFreshShopIsReadyOnlyOnceEveryOfferCallAnswersTheSeededCatalogue) {
  constexpr int kSeeded = 4;
  // An empty data folder: the server seeds its catalogue in the background as it listens.
  ServerProcess fresh({.env = {{"ARTSHOP_SEED_OFFERS", std::to_string(kSeeded)}}});
  ASSERT_TRUE(eventually([&] { return testing::get(fresh.url("/readyz")).status == 200; },
                         std::chrono::seconds(60)))
      << fresh.log_text();
  // At the first 200, before anything else asked the catalogue, as a load balancer sends the
  // server its first visitors: the home page's latest pictures, then the gallery.
  const auto latest = get_json(fresh, "/api/offers/latest?Currency=EUR");
  EXPECT_FALSE(latest.at("items").as_array().empty()) << latest;
  EXPECT_EQ(total(fresh), kSeeded);
}

}  // namespace
}  // namespace artshop::testing
