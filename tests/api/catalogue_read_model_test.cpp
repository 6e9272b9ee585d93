// The catalogue is answered from memory, yet every write to it shows on the very next call, in
// the server that wrote it and in another server process on the same database.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "shop_api.hpp"

namespace artshop::testing {
namespace {

using ::testing::Contains;
using ::testing::Not;

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

// A start reads the catalogue file the last full load wrote, search index and all, and then
// only the offers changed since; a file it cannot use is left for a load through SQL, which
// writes a good one.
TEST_F(CatalogueReadModel, ARestartStartsFromTheCatalogueFile_CaughtUpWithWritesMadeMeanwhile) {
  ShopServer shop;
  const auto file = shop.data_dir() / "catalogue.snapshot";
  ASSERT_TRUE(eventually([&] { return std::filesystem::exists(file); }));
  const auto written = std::filesystem::last_write_time(file);
  const auto search = [](ServerProcess& server, const std::string& words) {
    std::vector<std::string> found;
    const auto page = get_json(server, "/api/offers?Currency=EUR&PageSize=96&Search=" + words);
    for (const auto& offer : page.at("items").as_array()) {
      found.emplace_back(offer.at("urlName").as_string());
    }
    return found;
  };
  // After the file was written, an offer is renamed and described anew: on sale still, found by
  // its new words only.
  const auto first = get_json(shop.process(), "/api/offers?Currency=EUR&PageSize=1");
  const auto& offer = first.at("items").as_array().at(0).as_object();
  const std::string url_name(offer.at("urlName").as_string());
  auto old_words = std::string(offer.at("title").as_string());
  std::ranges::replace(old_words, ' ', '+');
  ASSERT_THAT(search(shop.process(), old_words), Contains(url_name));
  ASSERT_EQ(
      shop.count("UPDATE offers SET title = 'Zeppelin Harbour at Dawn', description = 'Airships "
                 "moored.' WHERE url_name = '" +
                 url_name + "' RETURNING 1"),
      1);
  // Written by another process: this server sees it within the time it trusts a check.
  ASSERT_TRUE(eventually([&] {
    const auto found = search(shop.process(), old_words);
    return std::ranges::find(found, url_name) == found.end();
  }));
  const auto found_by_shop = search(shop.process(), old_words);
  ASSERT_THAT(search(shop.process(), "zeppelin"), Contains(url_name));

  {
    ServerProcess restarted({.env = {{"ARTSHOP_DATA_DIR", shop.data_dir().string()}}});
    EXPECT_TRUE(restarted.wait_for_log("search index kept", std::chrono::seconds(5)))
        << restarted.log_text();
    EXPECT_EQ(metric(restarted, "artshop_catalogue_started_from_file"), 1);
    EXPECT_EQ(metric(restarted, "artshop_catalogue_search_index_from_file"), 1);
    EXPECT_EQ(search(restarted, old_words), found_by_shop) << "the kept index masks the old title";
    EXPECT_THAT(search(restarted, "zeppelin"), Contains(url_name)) << "the small index";
    EXPECT_EQ(metric(restarted, "artshop_catalogue_files_written_total"), 0)
        << "a start that caught up leaves the file as it is";
    EXPECT_EQ(std::filesystem::last_write_time(file), written);
  }

  // A damaged file: loaded through SQL, and written afresh for the start after.
  {
    // One byte in the middle flipped.
    std::fstream damaged(file, std::ios::in | std::ios::out | std::ios::binary);
    const auto middle = static_cast<std::streamoff>(std::filesystem::file_size(file) / 2);
    damaged.seekg(middle);
    const auto byte = static_cast<char>(damaged.get());
    damaged.seekp(middle);
    damaged.put(static_cast<char>(~byte));
  }
  {
    ServerProcess reloaded({.env = {{"ARTSHOP_DATA_DIR", shop.data_dir().string()}}});
    EXPECT_TRUE(reloaded.wait_for_log("checksum does not match", std::chrono::seconds(5)));
    EXPECT_EQ(metric(reloaded, "artshop_catalogue_started_from_file"), 0);
    EXPECT_EQ(search(reloaded, old_words), found_by_shop);
    EXPECT_THAT(search(reloaded, "zeppelin"), Contains(url_name));
    EXPECT_TRUE(
        eventually([&] { return metric(reloaded, "artshop_catalogue_files_written_total") == 1; }));
  }
  ServerProcess again({.env = {{"ARTSHOP_DATA_DIR", shop.data_dir().string()}}});
  EXPECT_EQ(metric(again, "artshop_catalogue_started_from_file"), 1);
  EXPECT_EQ(metric(again, "artshop_catalogue_search_index_from_file"), 1);
  EXPECT_EQ(search(again, old_words), found_by_shop);
  EXPECT_THAT(search(again, "zeppelin"), Contains(url_name));
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
