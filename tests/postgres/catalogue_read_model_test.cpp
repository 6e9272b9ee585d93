#include "artshop/sql/catalogue_read_model.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <string>

#include "artshop/postgres/connection.hpp"
#include "artshop/postgres/migrations.hpp"
#include "postgres/fixture.hpp"
#include "support/eventually.hpp"

namespace artshop::postgres {
namespace {

using PostgresCatalogueReadModel = PostgresTest;

// The read model of one server, as app/database.cpp builds it (which trusts a check 10 ms).
sql::SqlCatalogueReadModel read_model(const std::string& url,
                                      std::chrono::nanoseconds trust_for = {}) {
  return sql::SqlCatalogueReadModel(
      {.connect = [url] { return std::make_unique<Connection>(url); },
       .begin_read = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"},
      256, trust_for);
}

constexpr std::string_view kOneOffer =
    "INSERT INTO categories VALUES ('abstract', 'Abstract');"
    "INSERT INTO offers (url_name, title, description, category, style, orientation,"
    "  aspect_ratio, width, height, created_at, status, min_price_eur_cents, thumbnail_webp,"
    "  thumbnail_jpeg, preview_webp, preview_jpeg)"
    " VALUES ('calm', 'Calm', '', 'abstract', 'Abstract', 'Square', '1x1', 10, 10, 0,"
    "  'Active', 500, 't.webp', 't.jpg', 'p.webp', 'p.jpg');"
    "INSERT INTO offer_attributes (offer_id, name, long_edge, licence, price_eur_cents)"
    "  SELECT id, 'S', 1024, 'Personal', 500 FROM offers;";

// A unit of work whose every transaction is one statement on the test's connection.
class OneStatement final : public UnitOfWork {
 public:
  OneStatement(Connection& db, std::string statement) : db_(db), statement_(std::move(statement)) {}
  void run(Mode /*mode*/, const std::function<bool(Repositories&)>& /*work*/) override {
    db_.execute(statement_);
  }

 private:
  Connection& db_;
  std::string statement_;
};

std::string title_of(sql::SqlCatalogueReadModel& catalogue, std::string_view url_name) {
  const auto snapshot = catalogue.current();
  const auto offer = snapshot->find(url_name);
  return offer ? offer->title : "";
}

TEST_F(PostgresCatalogueReadModel, WhatOneServerWritesEveryOtherServerServesOnItsNextCall) {
  migrate(*db, artshop_schema());
  auto first = read_model(url);
  auto second = read_model(url);
  first.load();
  second.load();
  EXPECT_EQ(first.current()->size(), 0U);

  // A third server adds a category and an offer: a change of categories reloads the whole
  // catalogue in the background.
  db->execute(std::string(kOneOffer));
  EXPECT_TRUE(testing::eventually([&] { return title_of(first, "calm") == "Calm"; }));
  EXPECT_TRUE(testing::eventually([&] { return title_of(second, "calm") == "Calm"; }));

  // A change of one offer is patched in on the very next call, no waiting.
  db->execute("UPDATE offers SET title = 'Calmer' WHERE url_name = 'calm'");
  EXPECT_EQ(title_of(first, "calm"), "Calmer");
  EXPECT_EQ(title_of(second, "calm"), "Calmer");

  db->execute("UPDATE offers SET status = 'Hidden' WHERE url_name = 'calm'");
  EXPECT_EQ(title_of(second, "calm"), "") << "a hidden offer leaves every server's catalogue";
}

TEST_F(PostgresCatalogueReadModel,
       WhileACheckIsTrustedOthersWritesWaitButThisProcesssOwnShowOnTheNextCall) {
  migrate(*db, artshop_schema());
  db->execute(std::string(kOneOffer));
  // Trusted for an hour, so that nothing here depends on timing.
  auto catalogue = read_model(url, std::chrono::hours(1));
  catalogue.load();
  ASSERT_EQ(title_of(catalogue, "calm"), "Calm");

  // Another server's write: not looked for while the last check is trusted.
  db->execute("UPDATE offers SET title = 'Calmer' WHERE url_name = 'calm'");
  EXPECT_EQ(title_of(catalogue, "calm"), "Calm");

  // A write of this process, through its unit of work, is seen on the next call, with
  // everything written before it.
  OneStatement renaming(*db, "UPDATE offers SET description = 'quiet' WHERE url_name = 'calm'");
  sql::WritesTellTheCatalogue transactions(renaming, catalogue);
  transactions.run(UnitOfWork::Mode::Write, [](Repositories&) { return true; });
  const auto snapshot = catalogue.current();
  const auto offer = snapshot->find("calm");
  ASSERT_NE(offer, nullptr);
  EXPECT_EQ(offer->title, "Calmer");
  EXPECT_EQ(offer->description, "quiet");
}

TEST_F(PostgresCatalogueReadModel, WhileTheServerIsAwayTheSnapshotAnswers_ARefreshCatchesUpAfter) {
  migrate(*db, artshop_schema());
  db->execute(std::string(kOneOffer));
  auto catalogue = read_model(url);
  catalogue.load();
  ASSERT_EQ(title_of(catalogue, "calm"), "Calm");
  // A change of categories: the read model's own thread reloads, on a connection it keeps.
  db->execute(
      "UPDATE categories SET title = 'Abstract art'; "
      "UPDATE offers SET title = 'Quiet' WHERE url_name = 'calm'");
  ASSERT_TRUE(testing::eventually([&] { return title_of(catalogue, "calm") == "Quiet"; }));
  ASSERT_TRUE(catalogue.refresh());

  db.reset();
  testing::PostgresCluster::Outage outage(cluster);
  EXPECT_EQ(title_of(catalogue, "calm"), "Quiet")
      << "the snapshot answers while the server is away";
  EXPECT_FALSE(catalogue.refresh()) << "the background check sees that it is away";
  EXPECT_EQ(title_of(catalogue, "calm"), "Quiet");
  outage.end();

  // Another server writes once it is back: this one keeps its snapshot until its background
  // check reaches the server, then takes the write in.
  db = std::make_unique<Connection>(url);
  db->execute("UPDATE offers SET title = 'Calmer' WHERE url_name = 'calm'");
  EXPECT_EQ(title_of(catalogue, "calm"), "Quiet");
  EXPECT_TRUE(catalogue.refresh());
  EXPECT_EQ(title_of(catalogue, "calm"), "Calmer");
  // Every connection of the read model was made again: a patch, and then a change of
  // categories, which reloads everything on the read model's own thread.
  db->execute("UPDATE offers SET title = 'Calmest' WHERE url_name = 'calm'");
  EXPECT_EQ(title_of(catalogue, "calm"), "Calmest");
  db->execute(
      "UPDATE categories SET title = 'Abstracts'; "
      "UPDATE offers SET title = 'Still' WHERE url_name = 'calm'");
  EXPECT_TRUE(testing::eventually([&] { return title_of(catalogue, "calm") == "Still"; }));
}

}  // namespace
}  // namespace artshop::postgres
