#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "artshop/core/error.hpp"
#include "artshop/core/generation/generated_image.hpp"
#include "artshop/core/orders/ledger.hpp"
#include "artshop/sqlite/connection_pool.hpp"
#include "artshop/sqlite/migrations.hpp"
#include "artshop/sqlite/sqlite_unit_of_work.hpp"
#include "support/temp_dir.hpp"

namespace artshop::sqlite {
namespace {

using std::chrono::sys_seconds;
using ::testing::ElementsAre;
using ::testing::Field;
using ::testing::IsEmpty;

const sys_seconds kMidnight{std::chrono::sys_days{std::chrono::year{2026} / 11 / 24}};
const sys_seconds kMorning = kMidnight + std::chrono::hours{9};
const Rate kEuro{Rate::kScale};

class SqliteGeneration : public ::testing::Test {
 protected:
  SqliteGeneration() : pool(dir.path() / "artshop.db", 2), transactions(pool) {
    auto connection = pool.acquire();
    migrate(*connection, artshop_schema());
    ann = add_account("ann@example.com");
    bob = add_account("bob@example.com");
  }

  UserId add_account(std::string email) {
    return transactions
        .write([&](Repositories& repos) -> Result<UserId> {
          return *repos.accounts.insert(email, "hash", kMorning);
        })
        .value();
  }

  GeneratedImage image_of(UserId owner, std::uint32_t seed, std::int64_t price_eur_cents,
                          sys_seconds at) {
    return {
        .id = {},
        .owner = owner,
        .prompt = "a lighthouse at dusk",
        .style = ArtStyle::Watercolor,
        .aspect_ratio = AspectRatio::R16x9,
        .seed = seed,
        .width = 1024,
        .height = 576,
        .blob_key = "ab/cdef.png",
        .file_name = generated_file_name("a lighthouse at dusk", ArtStyle::Watercolor, seed, "png"),
        .price_eur_cents = price_eur_cents,
        .created_at = at};
  }

  GeneratedImageId add(const GeneratedImage& image) {
    return transactions
        .write([&](Repositories& repos) -> Result<GeneratedImageId> {
          return repos.generated_images.add(image);
        })
        .value();
  }

  template <class Work>
  auto read(Work work) {
    return transactions
        .read([&](Repositories& repos) -> Result<decltype(work(repos))> { return work(repos); })
        .value();
  }

  testing::TempDir dir;
  ConnectionPool pool;
  SqliteUnitOfWork transactions;
  UserId ann;
  UserId bob;
};

TEST_F(SqliteGeneration, AnAddedImageIsFoundAsStored) {
  auto image = image_of(ann, 4'294'967'295U, 20, kMorning);
  image.id = add(image);

  EXPECT_EQ(read([&](Repositories& repos) { return repos.generated_images.find(image.id); }),
            image);
  EXPECT_EQ(image.file_name, "a-lighthouse-at-dusk-watercolor-4294967295.png");
  EXPECT_EQ(
      read([](Repositories& repos) { return repos.generated_images.find(GeneratedImageId{999}); }),
      std::nullopt);
}

TEST_F(SqliteGeneration, TheListIsTheOwnersNewestFirstAPageAtATimeWithTheTotal) {
  add(image_of(ann, 1, 0, kMorning));
  add(image_of(ann, 2, 0, kMorning));  // same second: the later id is newer
  add(image_of(bob, 3, 0, kMorning + std::chrono::hours{1}));
  add(image_of(ann, 4, 20, kMorning + std::chrono::hours{2}));
  add(image_of(ann, 5, 20, kMorning - std::chrono::hours{1}));

  const auto first =
      read([&](Repositories& repos) { return repos.generated_images.list_for_user(ann, 0, 3); });
  const auto second =
      read([&](Repositories& repos) { return repos.generated_images.list_for_user(ann, 3, 3); });

  EXPECT_EQ(first.total, 4);
  EXPECT_THAT(first.items,
              ElementsAre(Field(&GeneratedImage::seed, 4U), Field(&GeneratedImage::seed, 2U),
                          Field(&GeneratedImage::seed, 1U)));
  EXPECT_EQ(second.total, 4);
  EXPECT_THAT(second.items, ElementsAre(Field(&GeneratedImage::seed, 5U)));
  EXPECT_THAT(read([&](Repositories& repos) {
                return repos.generated_images.list_for_user(ann, 4, 3).items;
              }),
              IsEmpty());
}

TEST_F(SqliteGeneration, TheFreeCountTakesOnlyTheOwnersFreeImagesSinceTheGivenTime) {
  add(image_of(ann, 1, 0, kMidnight - std::chrono::seconds{1}));  // yesterday
  add(image_of(ann, 2, 0, kMidnight));
  add(image_of(ann, 3, 0, kMorning));
  add(image_of(ann, 4, 20, kMorning));  // paid
  add(image_of(bob, 5, 0, kMorning));

  EXPECT_EQ(read([&](Repositories& repos) {
              return repos.generated_images.count_free_since(ann, kMidnight);
            }),
            2);
  EXPECT_EQ(read([&](Repositories& repos) {
              return repos.generated_images.count_free_since(bob, kMidnight);
            }),
            1);
}

TEST_F(SqliteGeneration, TheLedgerTakesGenerationRevenueAndStaysAppendOnly) {
  const Money price(20, Currency::EUR);
  const auto posting = Posting::Builder("generated-image:1", kMorning)
                           .debit(LedgerAccount::customer(ann), 200'000, price, kEuro)
                           .credit(LedgerAccount::generation_revenue(), 200'000, price, kEuro)
                           .build()
                           .value();
  ASSERT_TRUE(transactions.write([&](Repositories& repos) -> Result<void> {
    repos.ledger.post(posting);
    return {};
  }));

  EXPECT_EQ(read([&](Repositories& repos) { return repos.ledger.entries("generated-image:1"); }),
            posting.entries());
  EXPECT_EQ(read([&](Repositories& repos) { return repos.ledger.customer_balance(ann); }),
            -200'000);
  auto connection = pool.acquire();
  EXPECT_THROW(connection->execute("UPDATE ledger_entries SET amount_micro_eur = 1"),
               DatabaseError);
  EXPECT_THROW(connection->execute("DELETE FROM ledger_entries"), DatabaseError);
}

}  // namespace
}  // namespace artshop::sqlite
