#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "artshop/core/error.hpp"
#include "artshop/sqlite/connection_pool.hpp"
#include "artshop/sqlite/migrations.hpp"
#include "artshop/sqlite/sqlite_unit_of_work.hpp"
#include "support/temp_dir.hpp"

namespace artshop::sqlite {
namespace {

using ::testing::HasSubstr;

const std::chrono::sys_seconds kNow{std::chrono::seconds(1'800'000'000)};

Offer make_offer(std::string url_name, std::string category, ArtStyle style, int width, int height,
                 std::int64_t base_cents, int days_old, std::vector<std::string> tags = {}) {
  Offer offer;
  offer.url_name = url_name;
  offer.title = "Title of " + url_name;
  offer.description = "About " + url_name;
  offer.category = std::move(category);
  offer.style = style;
  offer.width = width;
  offer.height = height;
  offer.orientation = orientation_of(width, height);
  offer.aspect_ratio = nearest_aspect_ratio(width, height);
  offer.tags = std::move(tags);
  offer.created_at = kNow - std::chrono::days(days_old);
  offer.attributes = standard_attributes(style, std::max(width, height), base_cents);
  offer.images = {"t.webp", "t.jpg", "p.webp", "p.jpg"};
  offer.source = {
      .prompt = "prompt " + url_name, .seed = 0xFFFF'FFFF'FFFF'FFF0ULL, .original_key = {}};
  return offer;
}

class SqliteOffers : public ::testing::Test {
 protected:
  SqliteOffers() : pool(dir.path() / "artshop.db", 2), transactions(pool) {
    {
      auto connection = pool.acquire();
      migrate(*connection, artshop_schema());
    }
    transactions.write([](Repositories& repos) -> Result<void> {
      repos.offers.upsert_category({"landscapes", "Landscapes", 0});
      repos.offers.upsert_category({"space", "Space", 0});
      repos.offers.insert(make_offer("fjord", "landscapes", ArtStyle::Watercolor, 7680, 4320, 1500,
                                     3, {"water", "norway"}));
      repos.offers.insert(
          make_offer("dunes", "landscapes", ArtStyle::Minimalism, 4320, 7680, 900, 2));
      repos.offers.insert(
          make_offer("nebula", "space", ArtStyle::Cyberpunk, 5000, 5000, 3000, 1, {"stars"}));
      repos.offers.insert(make_offer("comet", "space", ArtStyle::Exclusive, 7680, 5120, 2500, 0));
      return {};
    });
  }

  OfferPage search(OfferSearch search) {
    return transactions
        .read([&](Repositories& repos) -> Result<OfferPage> { return repos.offers.search(search); })
        .value();
  }

  static std::vector<std::string> names(const OfferPage& page) {
    std::vector<std::string> result;
    for (const auto& offer : page.items) result.push_back(offer.url_name);
    return result;
  }

  testing::TempDir dir;
  ConnectionPool pool;
  SqliteUnitOfWork transactions;
};

using Names = std::vector<std::string>;

TEST_F(SqliteOffers, ListsNewestFirstByDefault) {
  EXPECT_EQ(names(search({})), (Names{"comet", "nebula", "dunes", "fjord"}));
  EXPECT_EQ(search({}).total, 4);
}

TEST_F(SqliteOffers, SortsByTheLowestAttributePriceBothWays) {
  EXPECT_EQ(names(search({.sort = OfferSort::LowToHigh})),
            (Names{"dunes", "fjord", "nebula", "comet"}));
  EXPECT_EQ(names(search({.sort = OfferSort::HighToLow})),
            (Names{"comet", "nebula", "fjord", "dunes"}));
}

TEST_F(SqliteOffers, FiltersByOrientationStyleCategoryAndSearch) {
  EXPECT_EQ(names(search({.orientation = Orientation::Vertical})), Names{"dunes"});
  EXPECT_EQ(names(search({.orientation = Orientation::Square})), Names{"nebula"});
  EXPECT_EQ(names(search({.style = ArtStyle::Watercolor})), Names{"fjord"});
  EXPECT_EQ(names(search({.category = "space"})), (Names{"comet", "nebula"}));
  EXPECT_EQ(names(search({.search = "NORWAY"})), Names{"fjord"}) << "a tag, ignoring case";
  EXPECT_EQ(names(search({.search = "of dunes"})), Names{"dunes"}) << "the title";
  EXPECT_EQ(names(search({.search = "%"})), Names{}) << "LIKE wildcards are literal";
}

TEST_F(SqliteOffers, FiltersByPriceInclusively) {
  EXPECT_EQ(names(search({.min_price_eur_cents = 1500, .max_price_eur_cents = 3000})),
            (Names{"nebula", "fjord"}));
}

TEST_F(SqliteOffers, PagesWithATotalAndAnEmptyPagePastTheEnd) {
  const auto second = search({.offset = 2, .limit = 2});
  EXPECT_EQ(names(second), (Names{"dunes", "fjord"}));
  EXPECT_EQ(second.total, 4);
  const auto past = search({.offset = 8, .limit = 2});
  EXPECT_TRUE(past.items.empty());
  EXPECT_EQ(past.total, 4);
}

TEST_F(SqliteOffers, ReadsAnOfferBackWhole) {
  const auto offer = transactions
                         .read([](Repositories& repos) -> Result<Offer> {
                           return *repos.offers.find_by_url_name("FJORD");
                         })
                         .value();
  EXPECT_EQ(offer.title, "Title of fjord");
  EXPECT_EQ(offer.style, ArtStyle::Watercolor);
  EXPECT_EQ(offer.orientation, Orientation::Horizontal);
  EXPECT_EQ(offer.aspect_ratio, AspectRatio::R16x9);
  EXPECT_EQ(offer.tags, (Names{"water", "norway"}));
  ASSERT_EQ(offer.attributes.size(), 3U);
  EXPECT_EQ(offer.attributes[0].name, "HD");
  EXPECT_GT(offer.attributes[0].id.value, 0);
  EXPECT_EQ(offer.source.seed, 0xFFFF'FFFF'FFFF'FFF0ULL) << "all 64 bits of the seed survive";
  EXPECT_EQ(offer.images.preview_jpeg, "p.jpg");
}

TEST_F(SqliteOffers, ListsCategoriesWithTheirActiveOfferCounts) {
  const auto categories = transactions
                              .read([](Repositories& repos) -> Result<std::vector<Category>> {
                                return repos.offers.categories();
                              })
                              .value();
  ASSERT_EQ(categories.size(), 2U);
  EXPECT_EQ(categories[0].url_name, "landscapes");
  EXPECT_EQ(categories[0].offer_count, 2);
}

TEST_F(SqliteOffers, RefusesASecondOfferWithTheSameUrlName) {
  const auto again = transactions.write([](Repositories& repos) -> Result<bool> {
    return repos.offers.insert(make_offer("fjord", "space", ArtStyle::None, 100, 100, 100, 0))
        .has_value();
  });
  EXPECT_EQ(again, false);
}

TEST_F(SqliteOffers, AStoredStyleThisVersionDoesNotKnow_IsAnErrorNamingWhereItIs) {
  {
    auto connection = pool.acquire();
    connection->execute("UPDATE offers SET style = 'Baroque' WHERE url_name = 'fjord'");
  }
  try {
    transactions.read([](Repositories& repos) -> Result<std::optional<Offer>> {
      return repos.offers.find_by_url_name("fjord");
    });
    ADD_FAILURE() << "an offer in an unknown style was read";
  } catch (const DatabaseError& error) {
    EXPECT_THAT(error.what(), HasSubstr("offers.style holds 'Baroque'"));
  }
}

}  // namespace
}  // namespace artshop::sqlite
