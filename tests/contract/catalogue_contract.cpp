#include <gmock/gmock.h>

#include "contract/store_contract.hpp"

namespace artshop::contract {
namespace {

using namespace std::chrono_literals;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

std::vector<std::string> url_names(const std::vector<Offer>& offers) {
  std::vector<std::string> names;
  for (const auto& offer : offers) names.push_back(offer.url_name);
  return names;
}

TEST_P(OfferContract, Insert_ThenFindById_GivesBackEveryFieldWithAttributesCheapestFirst) {
  auto offer = an_offer("misty-harbour", kNow, 9'900);
  offer.attributes = {
      {.id = {},
       .name = "8K",
       .long_edge = 7680,
       .licence = Licence::Commercial,
       .price_eur_cents = 9'900},
      {.id = {},
       .name = "HD",
       .long_edge = 1920,
       .licence = Licence::Personal,
       .price_eur_cents = 1'900},
      {.id = {},
       .name = "4K",
       .long_edge = 3840,
       .licence = Licence::Commercial,
       .price_eur_cents = 4'900},
  };
  const auto id = add_offer(offer);
  const auto found = read([&](Repositories& repos) { return repos.offers.find_by_id(id); });
  ASSERT_TRUE(found);
  EXPECT_EQ(found->id, id);
  EXPECT_EQ(found->url_name, "misty-harbour");
  EXPECT_EQ(found->title, offer.title);
  EXPECT_EQ(found->description, offer.description);
  EXPECT_EQ(found->category, "landscapes");
  EXPECT_EQ(found->style, ArtStyle::Watercolor);
  EXPECT_EQ(found->orientation, Orientation::Horizontal);
  EXPECT_EQ(found->aspect_ratio, AspectRatio::R3x2);
  EXPECT_EQ(found->width, 3072);
  EXPECT_EQ(found->height, 2048);
  EXPECT_THAT(found->tags, ElementsAre("harbour", "dawn"));
  EXPECT_EQ(found->created_at, kNow);
  EXPECT_EQ(found->status, OfferStatus::Active);
  EXPECT_EQ(found->images.thumbnail_webp, "aa/thumb.webp");
  EXPECT_EQ(found->images.thumbnail_jpeg, "aa/thumb.jpg");
  EXPECT_EQ(found->images.preview_webp, "bb/preview.webp");
  EXPECT_EQ(found->images.preview_jpeg, "bb/preview.jpg");
  EXPECT_EQ(found->source.prompt, "a harbour at dawn");
  EXPECT_EQ(found->source.seed, 42u);
  EXPECT_EQ(found->source.original_key, "");
  ASSERT_EQ(found->attributes.size(), 3u);
  EXPECT_EQ(found->attributes[0].name, "HD");
  EXPECT_EQ(found->attributes[0].long_edge, 1920);
  EXPECT_EQ(found->attributes[0].licence, Licence::Personal);
  EXPECT_EQ(found->attributes[0].price_eur_cents, 1'900);
  EXPECT_EQ(found->attributes[1].name, "4K");
  EXPECT_EQ(found->attributes[2].name, "8K");
  EXPECT_EQ(found->attributes[2].licence, Licence::Commercial);
  EXPECT_NE(found->attributes[0].id, AttributeId{});
  EXPECT_NE(found->attributes[0].id, found->attributes[1].id);
  EXPECT_NE(found->attributes[1].id, found->attributes[2].id);
  EXPECT_EQ(found->lowest_price_eur_cents(), 1'900);
}

TEST_P(OfferContract, Insert_AnImportedPicture_KeepsItsOriginalKey) {
  auto offer = an_offer("imported", kNow, 1'000);
  offer.source = {.prompt = "", .seed = 0, .original_key = "originals/ab/cd.png"};
  const auto id = add_offer(offer);
  const auto found = read([&](Repositories& repos) { return repos.offers.find_by_id(id); });
  ASSERT_TRUE(found);
  EXPECT_EQ(found->source.original_key, "originals/ab/cd.png");
  EXPECT_FALSE(found->source.is_generated());
}

TEST_P(OfferContract, Insert_WithATakenUrlName_AnswersNothing) {
  add_offer(an_offer("harbour", kNow, 1'000));
  EXPECT_FALSE(write([](Repositories& repos) {
    return repos.offers.insert(an_offer("harbour", kNow + 1s, 2'000));
  }));
  EXPECT_EQ(read([](Repositories& repos) { return repos.offers.count(); }), 1);
}

TEST_P(OfferContract, FindByUrlName_IgnoresCaseAndAnswersNothingForAnUnknownName) {
  const auto id = add_offer(an_offer("misty-harbour", kNow, 1'000));
  read([&](Repositories& repos) {
    EXPECT_EQ(repos.offers.find_by_url_name("misty-harbour")->id, id);
    EXPECT_EQ(repos.offers.find_by_url_name("Misty-Harbour")->id, id);
    EXPECT_FALSE(repos.offers.find_by_url_name("dry-harbour"));
    EXPECT_FALSE(repos.offers.find_by_id(OfferId{id.value + 100}));
  });
}

TEST_P(OfferContract, MarkSoldOut_Twice_AnswersFalseTheSecondTimeAndHidesItFromSearch) {
  const auto id = add_offer(an_offer("unique", kNow, 50'000, Licence::ExclusiveCommercial));
  EXPECT_TRUE(write([&](Repositories& repos) { return repos.offers.mark_sold_out(id); }));
  EXPECT_FALSE(write([&](Repositories& repos) { return repos.offers.mark_sold_out(id); }));
  read([&](Repositories& repos) {
    EXPECT_EQ(repos.offers.find_by_id(id)->status, OfferStatus::SoldOut);
    EXPECT_EQ(repos.offers.find_by_url_name("unique")->status, OfferStatus::SoldOut);
    EXPECT_EQ(repos.offers.search({}).total, 0);
    EXPECT_THAT(repos.offers.latest(5), IsEmpty());
  });
}

TEST_P(OfferContract, Search_ListsActiveOffersNewestFirstPageByPage) {
  add_offer(an_offer("first", kNow - 3h, 1'000));
  add_offer(an_offer("third", kNow - 1h, 1'000));
  add_offer(an_offer("second", kNow - 2h, 1'000));
  auto hidden = an_offer("hidden", kNow, 1'000);
  hidden.status = OfferStatus::Hidden;
  add_offer(hidden);
  read([](Repositories& repos) {
    const auto first_page = repos.offers.search({.offset = 0, .limit = 2});
    EXPECT_EQ(first_page.total, 3);
    EXPECT_THAT(url_names(first_page.items), ElementsAre("third", "second"));
    const auto second_page = repos.offers.search({.offset = 2, .limit = 2});
    EXPECT_EQ(second_page.total, 3);
    EXPECT_THAT(url_names(second_page.items), ElementsAre("first"));
    const auto past_the_end = repos.offers.search({.offset = 4, .limit = 2});
    EXPECT_EQ(past_the_end.total, 3);
    EXPECT_THAT(past_the_end.items, IsEmpty());
  });
}

TEST_P(OfferContract, Search_SortsByLowestPriceBothWays) {
  add_offer(an_offer("middle", kNow, 2'000));
  add_offer(an_offer("cheap", kNow, 1'000));
  add_offer(an_offer("dear", kNow, 3'000));
  read([](Repositories& repos) {
    EXPECT_THAT(url_names(repos.offers.search({.sort = OfferSort::LowToHigh}).items),
                ElementsAre("cheap", "middle", "dear"));
    EXPECT_THAT(url_names(repos.offers.search({.sort = OfferSort::HighToLow}).items),
                ElementsAre("dear", "middle", "cheap"));
  });
}

TEST_P(OfferContract, Search_FiltersByCategoryStyleOrientationPriceAndText) {
  auto portrait = an_offer("portrait", kNow, 1'500);
  portrait.category = "people";
  portrait.style = ArtStyle::Anime;
  portrait.orientation = Orientation::Vertical;
  portrait.tags = {"Face"};
  portrait.title = "Quiet Girl";
  add_offer(portrait);
  add_offer(an_offer("harbour", kNow, 3'000));
  read([](Repositories& repos) {
    EXPECT_THAT(url_names(repos.offers.search({.category = "people"}).items),
                ElementsAre("portrait"));
    EXPECT_THAT(url_names(repos.offers.search({.style = ArtStyle::Watercolor}).items),
                ElementsAre("harbour"));
    EXPECT_THAT(url_names(repos.offers.search({.orientation = Orientation::Vertical}).items),
                ElementsAre("portrait"));
    EXPECT_THAT(url_names(repos.offers.search({.min_price_eur_cents = 2'000}).items),
                ElementsAre("harbour"));
    EXPECT_THAT(url_names(repos.offers.search({.max_price_eur_cents = 1'500}).items),
                ElementsAre("portrait"));
    // In the title or a tag, ignoring case.
    EXPECT_THAT(url_names(repos.offers.search({.search = "quiet"}).items), ElementsAre("portrait"));
    EXPECT_THAT(url_names(repos.offers.search({.search = "face"}).items), ElementsAre("portrait"));
    EXPECT_EQ(repos.offers.search({.search = "nowhere"}).total, 0);
  });
}

TEST_P(OfferContract, Latest_GivesTheNewestActiveOffers) {
  add_offer(an_offer("old", kNow - 2h, 1'000));
  add_offer(an_offer("new", kNow, 1'000));
  add_offer(an_offer("middle", kNow - 1h, 1'000));
  auto hidden = an_offer("hidden", kNow + 1h, 1'000);
  hidden.status = OfferStatus::Hidden;
  add_offer(hidden);
  EXPECT_THAT(url_names(read([](Repositories& repos) { return repos.offers.latest(2); })),
              ElementsAre("new", "middle"));
}

TEST_P(OfferContract, Categories_AreSortedByTitleWithTheirActiveOffersCounted) {
  auto hidden = an_offer("hidden", kNow, 1'000);
  hidden.status = OfferStatus::Hidden;
  add_offer(hidden);
  add_offer(an_offer("harbour", kNow, 1'000));
  write([](Repositories& repos) {
    repos.offers.upsert_category({.url_name = "animals", .title = "Animals", .offer_count = 0});
    repos.offers.upsert_category(
        {.url_name = "landscapes", .title = "Landscapes", .offer_count = 0});
  });
  const auto categories = read([](Repositories& repos) { return repos.offers.categories(); });
  ASSERT_EQ(categories.size(), 2u);
  EXPECT_EQ(categories[0].url_name, "animals");
  EXPECT_EQ(categories[0].offer_count, 0);
  EXPECT_EQ(categories[1].url_name, "landscapes");
  EXPECT_EQ(categories[1].title, "Landscapes");
  EXPECT_EQ(categories[1].offer_count, 1);
  read([](Repositories& repos) {
    EXPECT_TRUE(repos.offers.category_exists("animals"));
    EXPECT_FALSE(repos.offers.category_exists("people"));
  });
}

TEST_P(OfferContract, Count_CountsEveryOfferWhateverItsStatus) {
  auto hidden = an_offer("hidden", kNow, 1'000);
  hidden.status = OfferStatus::Hidden;
  add_offer(hidden);
  add_offer(an_offer("harbour", kNow, 1'000));
  EXPECT_EQ(read([](Repositories& repos) { return repos.offers.count(); }), 2);
}

TEST_P(SettingContract, Get_AnUnsetKey_AnswersNothing) {
  EXPECT_FALSE(read([](Repositories& repos) { return repos.settings.get("catalogue.seeded"); }));
}

TEST_P(SettingContract, Set_ThenGet_GivesTheLatestValue) {
  write([](Repositories& repos) { repos.settings.set("catalogue.seeded", "no"); });
  write([](Repositories& repos) { repos.settings.set("catalogue.seeded", "yes"); });
  EXPECT_EQ(read([](Repositories& repos) { return repos.settings.get("catalogue.seeded"); }),
            "yes");
}

}  // namespace
}  // namespace artshop::contract
