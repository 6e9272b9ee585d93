// The catalogue file (data/catalogue.snapshot) against a real SQLite database: what a full load
// reads goes out and comes back the same; a damaged, cut-off, other-format or other-database
// file is refused with its reason; a file behind the database catches up with the offers
// changed since, read from SQL; and the read model writes the file again once it has rebuilt its
// search index.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <ranges>
#include <tuple>

#include "artshop/core/catalogue/catalogue_snapshot.hpp"
#include "artshop/core/catalogue/search_index.hpp"
#include "artshop/sql/catalogue_file.hpp"
#include "artshop/sql/catalogue_read_model.hpp"
#include "artshop/sql/offer_repository.hpp"
#include "artshop/sql/transaction.hpp"
#include "artshop/sqlite/connection.hpp"
#include "artshop/sqlite/connection_pool.hpp"
#include "artshop/sqlite/migrations.hpp"
#include "artshop/sqlite/sqlite_unit_of_work.hpp"
#include "support/eventually.hpp"
#include "support/temp_dir.hpp"

namespace artshop::sqlite {
namespace {

using sql::CatalogueFile;
using ::testing::HasSubstr;

const std::chrono::sys_seconds kNow{std::chrono::seconds(1'800'000'000)};

Offer make_offer(const std::string& url_name, const std::string& category, ArtStyle style,
                 int width, int height, std::int64_t base_cents, std::vector<std::string> tags,
                 std::string picture) {
  Offer offer;
  offer.url_name = url_name;
  offer.title = "Title of " + url_name;
  offer.description = "About " + url_name + ", with a diacritic: cathédrale";
  offer.category = category;
  offer.style = style;
  offer.width = width;
  offer.height = height;
  offer.orientation = orientation_of(width, height);
  offer.aspect_ratio = nearest_aspect_ratio(width, height);
  offer.tags = std::move(tags);
  offer.created_at = kNow - std::chrono::hours(url_name.size());
  offer.attributes = standard_attributes(style, std::max(width, height), base_cents);
  // Offers of one picture share its keys, as the seeded ones past the first do.
  offer.images = {picture + "/t.webp", picture + "/t.jpg", picture + "/p.webp", picture + "/p.jpg"};
  offer.source = {.prompt = "prompt " + url_name,
                  .seed = 0xFFFF'FFFF'FFFF'FFF0ULL,
                  .original_key = style == ArtStyle::Exclusive ? "originals/" + url_name : ""};
  return offer;
}

class SqliteCatalogueFile : public ::testing::Test {
 protected:
  SqliteCatalogueFile()
      : pool(dir.path() / "artshop.db", 2),
        transactions(pool),
        file(dir.path() / "catalogue.snapshot") {
    {
      auto connection = pool.acquire();
      migrate(*connection, artshop_schema());
    }
    write([](Repositories& repos) {
      repos.offers.upsert_category({"landscapes", "Landscapes", 0});
      repos.offers.upsert_category({"space", "Space", 0});
      repos.offers.insert(make_offer("fjord", "landscapes", ArtStyle::Watercolor, 7680, 4320, 1500,
                                     {"water", "norway"}, "aa"));
      repos.offers.insert(
          make_offer("dunes", "landscapes", ArtStyle::Minimalism, 4320, 7680, 900, {}, "bb"));
      repos.offers.insert(make_offer("nebula", "space", ArtStyle::Cyberpunk, 5000, 5000, 3000,
                                     {"stars", "night"}, "aa"));
      repos.offers.insert(
          make_offer("comet", "space", ArtStyle::Exclusive, 7680, 5120, 2500, {}, "cc"));
    });
  }

  void write(const std::function<void(Repositories&)>& work) {
    ASSERT_TRUE(transactions.write([&](Repositories& repos) -> Result<void> {
      work(repos);
      return {};
    }));
  }

  void execute(std::string_view sql) { Connection(dir.path() / "artshop.db").execute(sql); }

  // What the read model's full load holds, as the file's contents.
  CatalogueFile::Contents full_load() {
    Connection reading(dir.path() / "artshop.db");
    sql::Transaction transaction(reading, "BEGIN");
    CatalogueFile::Contents contents;
    auto version = reading.prepare("SELECT max(version) FROM catalogue_changes");
    version.step();
    contents.version = version.column_int(0);
    contents.newest_change = sql::newest_change(reading);
    sql::SqlOfferRepository repository(reading);
    for (auto& category : repository.categories()) {
      contents.categories.push_back(category.url_name);
    }
    for (auto& offer : repository.visible_offers()) {
      contents.offers.push_back(std::make_shared<const Offer>(std::move(offer)));
    }
    transaction.commit();
    return contents;
  }

  // A full load with the search index its snapshot builds, as the read model writes it.
  CatalogueFile::Contents full_load_with_index() {
    auto contents = full_load();
    contents.search_index =
        CatalogueSnapshot(contents.offers, contents.categories, contents.version).search_index();
    return contents;
  }

  std::expected<CatalogueFile::Contents, std::string> caught_up(std::size_t limit = 100) {
    Connection reading(dir.path() / "artshop.db");
    sql::Transaction transaction(reading, "BEGIN");
    return sql::caught_up(file, reading, limit);
  }

  std::string bytes() const {
    std::ifstream in(file.path(), std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
  }
  void replace_bytes(const std::string& data) const {
    std::ofstream(file.path(), std::ios::binary | std::ios::trunc) << data;
  }

  static std::vector<std::string> names(const CatalogueFile::Contents& contents) {
    std::vector<std::string> result;
    for (const auto& offer : contents.offers) result.push_back(offer->url_name);
    return result;
  }

  testing::TempDir dir;
  ConnectionPool pool;
  SqliteUnitOfWork transactions;
  CatalogueFile file;
};

// Every field of an offer, side by side, so that two offers compare field by field.
auto fields(const Offer& offer) {
  return std::tuple(offer.id.value, offer.url_name, offer.title, offer.description, offer.category,
                    name(offer.style), name(offer.orientation), name(offer.aspect_ratio),
                    offer.width, offer.height, offer.tags,
                    offer.created_at.time_since_epoch().count(), name(offer.status),
                    offer.images.thumbnail_webp.str(), offer.images.thumbnail_jpeg.str(),
                    offer.images.preview_webp.str(), offer.images.preview_jpeg.str(),
                    offer.source.prompt.str(), offer.source.seed, offer.source.original_key.str());
}

auto fields(const OfferAttribute& attribute) {
  return std::tuple(attribute.id.value, attribute.name, attribute.long_edge,
                    name(attribute.licence), attribute.price_eur_cents);
}

void expect_same_offer(const Offer& read, const Offer& written) {
  SCOPED_TRACE(written.url_name);
  EXPECT_EQ(fields(read), fields(written));
  ASSERT_EQ(read.attributes.size(), written.attributes.size());
  for (std::size_t i = 0; i < read.attributes.size(); ++i) {
    EXPECT_EQ(fields(read.attributes[i]), fields(written.attributes[i]));
  }
}

TEST_F(SqliteCatalogueFile, WhatAFullLoadReadsComesBackTheSame) {
  auto written = full_load_with_index();
  // The catalogue in memory holds no prompt; an offer read again by a patch does.
  auto with_prompt = *written.offers[0];
  with_prompt.source.prompt = "a fjord at dawn";
  written.offers[0] = std::make_shared<const Offer>(std::move(with_prompt));
  file.write(written);

  const auto read = file.read();
  ASSERT_TRUE(read) << read.error();
  EXPECT_EQ(read->version, written.version);
  EXPECT_EQ(read->newest_change, written.newest_change);
  EXPECT_EQ(read->categories, written.categories);
  // The index comes back finding what it found, with the analyser it was built with.
  ASSERT_TRUE(read->search_index) << read->search_index.error();
  const auto& index = **read->search_index;
  ASSERT_NE(&index, nullptr);
  EXPECT_TRUE(index.analysed_as(plain_search_analyser()));
  for (const auto* query : {"fjord", "title of", "stars night", "nebul", "norwey", "space"}) {
    const auto before = (*written.search_index)->search(query, plain_search_analyser());
    const auto after = index.search(query, plain_search_analyser());
    EXPECT_EQ(after.offers, before.offers) << query;
    EXPECT_EQ(after.scores, before.scores) << query;
    EXPECT_FALSE(after.empty()) << query;
  }
  ASSERT_EQ(read->offers.size(), 4U);
  for (std::size_t i = 0; i < read->offers.size(); ++i) {
    expect_same_offer(*read->offers[i], *written.offers[i]);
  }
  EXPECT_EQ(read->offers[2]->source.original_key, "");
  EXPECT_EQ(read->offers[3]->source.original_key, "originals/comet") << "an imported original";
  // fjord and nebula show one picture: its keys are held once.
  EXPECT_TRUE(
      read->offers[0]->images.preview_webp.shares_with(read->offers[2]->images.preview_webp));
  EXPECT_FALSE(std::filesystem::exists(file.path().string() + ".tmp")) << "renamed into place";
}

TEST_F(SqliteCatalogueFile, AbsentOrNotACatalogueFile_IsRefusedWithItsReason) {
  EXPECT_EQ(file.read().error(), "there is none");
  replace_bytes("SQLite format 3");
  EXPECT_EQ(file.read().error(), "it is not a catalogue file");
}

TEST_F(SqliteCatalogueFile, AFlippedByte_IsRefusedByTheChecksum) {
  file.write(full_load());
  auto data = bytes();
  data[data.size() / 2] = static_cast<char>(data[data.size() / 2] ^ 0x20);
  replace_bytes(data);

  const auto read = file.read();
  ASSERT_FALSE(read);
  EXPECT_THAT(read.error(), HasSubstr("checksum does not match"));
}

TEST_F(SqliteCatalogueFile, ACutOffFile_IsRefusedAndNeverHalfRead) {
  file.write(full_load());
  const auto data = bytes();
  for (const auto kept : {data.size() - 1, data.size() / 2, std::size_t{30}}) {
    replace_bytes(data.substr(0, kept));
    const auto read = file.read();
    ASSERT_FALSE(read) << kept;
    EXPECT_THAT(read.error(), HasSubstr("checksum does not match")) << kept;
  }
}

TEST_F(SqliteCatalogueFile, AnotherFormat_IsRefusedByItsNumber) {
  file.write(full_load());
  auto data = bytes();
  data[8] = 1;  // the format number follows the 8-byte magic
  replace_bytes(data);

  const auto read = file.read();
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error(), "it is of format 1, this version reads format 2");
}

TEST_F(SqliteCatalogueFile, CatchingUp_NamesTheOffersTheKeptSearchIndexNoLongerAnswersFor) {
  file.write(full_load_with_index());
  std::int64_t nebula = 0;
  write([&](Repositories& repos) {
    nebula = repos.offers.find_by_url_name("nebula")->id.value;
    repos.offers.mark_sold_out(OfferId{nebula});
  });

  const auto caught = caught_up();
  ASSERT_TRUE(caught) << caught.error();
  EXPECT_EQ(caught->changed, std::vector<std::int64_t>{nebula});
  ASSERT_TRUE(caught->search_index);
  ASSERT_NE(*caught->search_index, nullptr) << "kept: only an offer changed";
  EXPECT_EQ((*caught->search_index)->search("nebula", plain_search_analyser()).offers,
            std::vector<std::uint32_t>{static_cast<std::uint32_t>(nebula)})
      << "as it was when written; the snapshot masks it";
}

TEST_F(SqliteCatalogueFile, ChangedCategories_LeaveTheKeptSearchIndexOut) {
  file.write(full_load_with_index());
  execute("UPDATE categories SET title = 'Outer Space' WHERE url_name = 'space'");

  const auto caught = caught_up();
  ASSERT_TRUE(caught) << caught.error();
  ASSERT_FALSE(caught->search_index) << "its words hold the categories' old titles";
  EXPECT_EQ(caught->search_index.error(), "the categories changed since it was written");
  EXPECT_EQ(caught->offers.size(), 4U);
}

TEST_F(SqliteCatalogueFile, CatchesUpWithTheOffersChangedSinceItWasWritten) {
  file.write(full_load());
  write([](Repositories& repos) {
    repos.offers.mark_sold_out(repos.offers.find_by_url_name("nebula")->id);
    repos.offers.insert(
        make_offer("glacier", "landscapes", ArtStyle::Anime, 3840, 2160, 1200, {"ice"}, "aa"));
  });
  execute("UPDATE offers SET status = 'Hidden' WHERE url_name = 'dunes'");
  execute("INSERT INTO categories (url_name, title) VALUES ('vehicles', 'Vehicles')");

  const auto caught = caught_up();
  ASSERT_TRUE(caught) << caught.error();
  const auto fresh = full_load();
  EXPECT_EQ(caught->version, fresh.version);
  EXPECT_EQ(caught->newest_change, fresh.newest_change);
  EXPECT_EQ(caught->categories, fresh.categories);
  EXPECT_EQ(names(*caught), (std::vector<std::string>{"fjord", "nebula", "comet", "glacier"}));
  ASSERT_EQ(caught->offers.size(), fresh.offers.size());
  for (std::size_t i = 0; i < fresh.offers.size(); ++i) {
    expect_same_offer(*caught->offers[i], *fresh.offers[i]);
  }
  EXPECT_EQ(caught->offers[1]->status, OfferStatus::SoldOut);
}

TEST_F(SqliteCatalogueFile, MoreChangesThanTheLimit_AreLeftToAFullLoad) {
  file.write(full_load());
  write([](Repositories& repos) {
    for (const auto* name : {"a1", "a2", "a3"}) {
      repos.offers.insert(make_offer(name, "space", ArtStyle::Anime, 3840, 2160, 1200, {}, "dd"));
    }
  });
  EXPECT_TRUE(caught_up(3));
  const auto refused = caught_up(2);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error(), "more than 2 offers changed since it was written");
}

TEST_F(SqliteCatalogueFile, AFileOfAnotherDatabase_IsRefused) {
  // Written from this database, then shown to one whose changes went elsewhere.
  const auto contents = full_load();
  file.write(contents);
  {
    Connection other(dir.path() / "other.db");
    migrate(other, artshop_schema());
    // More changes than this one, on other offers' rows: the file's version is within the
    // other database's, the change that made it is not there.
    for (std::int64_t i = 1; i <= contents.version + 5; ++i) {
      other.execute(fmt::format("INSERT INTO catalogue_changes (offer_id, version) VALUES ({}, {})",
                                1000 + i, i));
    }
  }
  Connection other(dir.path() / "other.db");
  sql::Transaction reading(other, "BEGIN");
  const auto refused = sql::caught_up(file, other, 100);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error(), "it was written from another database");
}

TEST_F(SqliteCatalogueFile, AFileAheadOfTheDatabase_IsRefused) {
  auto contents = full_load();
  contents.version += 10;
  file.write(contents);
  const auto refused = caught_up();
  ASSERT_FALSE(refused);
  EXPECT_THAT(refused.error(), HasSubstr("ahead of the database's"));
}

}  // namespace
}  // namespace artshop::sqlite

namespace artshop::sqlite {
namespace {

// Past kSearchDeltaLimit offers changed one patch at a time, the read model rebuilds its search
// index and writes the file with it: the next start takes that index as it is, with no offer
// left for the small one, rather than the first file's index and every offer changed since.
TEST_F(SqliteCatalogueFile, ARebuiltSearchIndexIsWrittenForTheNextStart) {
  constexpr int kOffers = 4'250;  // renamed 250 at a time: a patch each, within its limit 256
  write([](Repositories& repos) {
    for (int k = 0; k < kOffers; ++k) {
      repos.offers.insert(make_offer(fmt::format("lamp-{}", k), "space", ArtStyle::Anime, 3840,
                                     2160, 1200, {}, "ee"));
    }
  });
  const auto database = [this] {
    return sql::ReadModelDatabase{
        .connect = [path =
                        dir.path() / "artshop.db"] { return std::make_unique<Connection>(path); },
        .begin_read = "BEGIN",
        .catalogue_file = file.path()};
  };
  {
    sql::SqlCatalogueReadModel catalogue(database(), 256);
    catalogue.load();
    ASSERT_TRUE(testing::eventually([&] { return catalogue.start().files_written == 1; }));
    for (int renamed = 0; renamed < kOffers; renamed += 250) {
      execute(fmt::format(
          "UPDATE offers SET title = 'Renamed ' || url_name WHERE url_name IN ({})",
          fmt::join(std::views::iota(renamed, renamed + 250) |
                        std::views::transform([](int k) { return fmt::format("'lamp-{}'", k); }),
                    ",")));
      const auto delta = catalogue.current()->search_delta_size();
      if (renamed + 250 <= static_cast<int>(kSearchDeltaLimit)) {
        // Patched, not loaded anew: the small index holds every offer renamed so far.
        ASSERT_EQ(delta, static_cast<std::size_t>(renamed + 250));
        ASSERT_EQ(catalogue.start().files_written, 1U) << "only a rebuild writes the file again";
      }
    }
    ASSERT_TRUE(testing::eventually([&] { return catalogue.start().files_written == 2; }));
    EXPECT_EQ(catalogue.current()->search_delta_size(), 0U) << "the rebuilt index covers all";
  }

  sql::SqlCatalogueReadModel restarted(database(), 256);
  restarted.load();
  EXPECT_TRUE(restarted.start().from_file);
  EXPECT_TRUE(restarted.start().search_index_from_file);
  const auto snapshot = restarted.current();
  EXPECT_EQ(snapshot->search_delta_size(), 0U) << "the file's index is the rebuilt one";
  EXPECT_EQ(snapshot->search({.search = "renamed", .limit = 1}).total, kOffers);
  EXPECT_EQ(snapshot->search({.search = "title", .limit = 1}).total, 4)
      << "the fixture's offers keep their titles";
}

}  // namespace
}  // namespace artshop::sqlite
