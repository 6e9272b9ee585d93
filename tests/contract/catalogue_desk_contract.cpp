#include <gmock/gmock.h>

#include "contract/store_contract.hpp"

namespace artshop::contract {
namespace {

using namespace std::chrono_literals;
using ::testing::ElementsAre;

std::vector<std::string> url_names(const StaffOfferPage& page) {
  std::vector<std::string> found;
  for (const auto& row : page.items) found.push_back(row.url_name);
  return found;
}

TEST_P(CatalogueDeskContract, Search_FindsEveryStateByTitleUrlNameOrId_InItsOrder) {
  auto published = an_offer("misty-harbour", kNow, 1'900);
  published.title = "Misty Harbour";
  auto hidden = an_offer("quiet-lanterns", kNow + 1s, 4'500);
  hidden.title = "Quiet Lanterns";
  hidden.status = OfferStatus::Hidden;
  auto sold = an_offer("harbour_50", kNow + 2s, 2'500);
  sold.title = "Harbour at 50%";
  sold.status = OfferStatus::SoldOut;
  sold.category = "abstract";
  const auto published_id = add_offer(published);
  const auto hidden_id = add_offer(hidden);
  add_offer(sold);
  const auto search = [&](StaffOfferQuery query) {
    return read([&](Repositories& repos) { return repos.catalogue_records.search(query); });
  };

  const auto all = search({});
  EXPECT_EQ(all.total, 3);
  EXPECT_THAT(url_names(all), ElementsAre("harbour_50", "quiet-lanterns", "misty-harbour"));
  EXPECT_EQ(all.items[1].id, hidden_id);
  EXPECT_EQ(all.items[1].status, OfferStatus::Hidden);
  EXPECT_EQ(all.items[1].lowest_price_eur_cents, 4'500);
  EXPECT_EQ(all.items[1].thumbnail_webp, "aa/thumb.webp");

  // The title whatever its case, or the urlName; LIKE's own symbols taken literally.
  EXPECT_THAT(url_names(search({.text = "harbour"})), ElementsAre("harbour_50", "misty-harbour"));
  EXPECT_THAT(url_names(search({.text = "50%"})), ElementsAre("harbour_50"));
  EXPECT_THAT(url_names(search({.text = "r_5"})), ElementsAre("harbour_50"));
  EXPECT_THAT(url_names(search({.text = std::to_string(published_id.value)})),
              ElementsAre("misty-harbour"));
  EXPECT_THAT(url_names(search({.status = OfferStatus::Hidden})), ElementsAre("quiet-lanterns"));
  EXPECT_THAT(url_names(search({.category = "abstract"})), ElementsAre("harbour_50"));
  EXPECT_THAT(url_names(search({.sort = StaffOfferSort::Title})),
              ElementsAre("harbour_50", "misty-harbour", "quiet-lanterns"));
  EXPECT_THAT(url_names(search({.sort = StaffOfferSort::DearestFirst})),
              ElementsAre("quiet-lanterns", "harbour_50", "misty-harbour"));
  const auto second = search({.offset = 1, .limit = 1});
  EXPECT_EQ(second.total, 3);
  EXPECT_THAT(url_names(second), ElementsAre("quiet-lanterns"));
}

TEST_P(CatalogueDeskContract, AnEdit_WritesFieldsTagsAndPrices_AndAStatusMovesOnlyFromTheOneRead) {
  auto offer = an_offer("misty-harbour", kNow, 1'900);
  offer.attributes.push_back({.id = {},
                              .name = "4K",
                              .long_edge = 3072,
                              .licence = Licence::Personal,
                              .price_eur_cents = 3'400});
  const auto id = add_offer(offer);
  const auto stored = [&] {
    return read([&](Repositories& repos) { return *repos.offers.find_by_id(id); });
  };
  write([](Repositories& repos) { repos.offers.upsert_category({"nature", "Nature", 0}); });
  auto edited = stored();
  edited.title = "Misty Harbour at Dawn";
  edited.description = "Fog lifting.";
  edited.category = "nature";
  edited.style = ArtStyle::Fantasy;
  edited.tags = {"fog", "harbour"};
  edited.attributes[0].price_eur_cents = 2'450;
  write([&](Repositories& repos) { repos.catalogue_records.update(edited); });
  const auto after = stored();
  EXPECT_EQ(after.title, "Misty Harbour at Dawn");
  EXPECT_EQ(after.url_name, "misty-harbour");
  EXPECT_EQ(after.description, "Fog lifting.");
  EXPECT_EQ(after.category, "nature");
  EXPECT_EQ(after.style, ArtStyle::Fantasy);
  EXPECT_THAT(after.tags, ElementsAre("fog", "harbour"));
  ASSERT_EQ(after.attributes.size(), 2U);
  EXPECT_EQ(after.attributes[0].price_eur_cents, 2'450);
  EXPECT_EQ(after.attributes[1].price_eur_cents, 3'400);
  EXPECT_EQ(read([&](Repositories& repos) { return repos.catalogue_records.search({}); })
                .items[0]
                .lowest_price_eur_cents,
            2'450);

  EXPECT_TRUE(write([&](Repositories& repos) {
    return repos.catalogue_records.set_status(id, OfferStatus::Active, OfferStatus::Hidden);
  }));
  EXPECT_FALSE(write([&](Repositories& repos) {
    return repos.catalogue_records.set_status(id, OfferStatus::Active, OfferStatus::Hidden);
  })) << "it was not Active any more";
  EXPECT_EQ(stored().status, OfferStatus::Hidden);

  write([&](Repositories& repos) {
    repos.catalogue_records.replace_attributes(id, {{.id = {},
                                                     .name = "Original",
                                                     .long_edge = 3072,
                                                     .licence = Licence::ExclusiveCommercial,
                                                     .price_eur_cents = 22'800}});
  });
  const auto exclusive = stored();
  ASSERT_EQ(exclusive.attributes.size(), 1U);
  EXPECT_EQ(exclusive.attributes[0].licence, Licence::ExclusiveCommercial);
  EXPECT_NE(exclusive.attributes[0].id, after.attributes[0].id);

  EXPECT_FALSE(read([&](Repositories& repos) { return repos.catalogue_records.ordered(id); }));
  add_order(an_order(add_account("ann@example.com"), id, "R-1", kNow));
  EXPECT_TRUE(read([&](Repositories& repos) { return repos.catalogue_records.ordered(id); }));
}

}  // namespace
}  // namespace artshop::contract
