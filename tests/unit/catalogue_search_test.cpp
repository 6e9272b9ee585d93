// Searching the catalogue in memory: the index within the snapshot, with the gallery's filters,
// facets, did-you-mean, suggestions, related pictures, and the index following patches.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <map>

#include "artshop/core/catalogue/browse_offers.hpp"
#include "artshop/core/catalogue/catalogue_snapshot.hpp"
#include "artshop/core/catalogue/offer_query.hpp"
#include "artshop/core/catalogue/related_offers.hpp"
#include "artshop/core/catalogue/search_index.hpp"
#include "artshop/core/catalogue/suggest_offers.hpp"
#include "fakes/order_fakes.hpp"
#include "fakes/search_fakes.hpp"

namespace artshop {
namespace {

struct Picture {
  std::int64_t id = 0;
  std::string title;
  std::vector<std::string> tags = {};
  std::string description = "";
  ArtStyle style = ArtStyle::Watercolor;
  std::string category = "animals";
  Orientation orientation = Orientation::Square;
  std::int64_t price = 1000;
  OfferStatus status = OfferStatus::Active;
};

std::shared_ptr<const Offer> offer(const Picture& picture) {
  Offer offer;
  offer.id = OfferId{picture.id};
  offer.url_name = "picture-" + std::to_string(picture.id);
  offer.title = picture.title;
  offer.tags = picture.tags;
  offer.description = picture.description;
  offer.category = picture.category;
  offer.style = picture.style;
  offer.orientation = picture.orientation;
  // The higher the id, the newer.
  offer.created_at = std::chrono::sys_seconds(std::chrono::seconds(picture.id));
  offer.status = picture.status;
  offer.attributes = {{.id = AttributeId{picture.id},
                       .name = "HD",
                       .long_edge = 1920,
                       .licence = Licence::Personal,
                       .price_eur_cents = picture.price}};
  return std::make_shared<const Offer>(std::move(offer));
}

using Ids = std::vector<std::int64_t>;

Ids ids(const std::vector<std::shared_ptr<const Offer>>& offers) {
  Ids result;
  for (const auto& offer : offers) result.push_back(offer->id.value);
  return result;
}

class SnapshotSearch : public ::testing::Test {
 protected:
  CatalogueSnapshot shop(const std::vector<Picture>& pictures) const {
    std::vector<std::shared_ptr<const Offer>> offers;
    for (const auto& picture : pictures) offers.push_back(offer(picture));
    return {std::move(offers),
            {{.url_name = "animals", .title = "Animals"},
             {.url_name = "space", .title = "Space"},
             {.url_name = "cities", .title = "Cities"}},
            1,
            analyser_};
  }
  static Ids found(const CatalogueSnapshot& snapshot, OfferSearch search) {
    search.limit = 100;
    return ids(snapshot.search(search).items);
  }
  static Ids searched(const CatalogueSnapshot& snapshot, std::string text) {
    return found(snapshot, {.search = std::move(text), .by_relevance = true});
  }

  fakes::AccentFolder folder_;
  fakes::TableStemmer stemmer_;
  SearchAnalyser analyser_{folder_, stemmer_};
};

TEST_F(SnapshotSearch, FindsWordsInAnyOrderByStemAccentPrefixAndTypo) {
  const auto snapshot = shop({{.id = 1, .title = "Wandering Owl in Blue"},
                              {.id = 2, .title = "Frozen Cathedral"},
                              {.id = 3, .title = "Golden Tower"}});
  EXPECT_EQ(searched(snapshot, "blue owl"), Ids{1});
  EXPECT_EQ(searched(snapshot, "cathedrals"), Ids{2});
  EXPECT_EQ(searched(snapshot, "cath\u00E9drale"), Ids{2});
  EXPECT_EQ(searched(snapshot, "owl blu"), Ids{1});
  EXPECT_EQ(searched(snapshot, "frozne"), Ids{2});
}

TEST_F(SnapshotSearch, FindsTheCategoryTitleAndTheStyleAsCustomersReadThem) {
  const auto snapshot = shop({{.id = 1, .title = "Crimson Tiger", .style = ArtStyle::PopArt},
                              {.id = 2, .title = "Red Dwarf", .category = "space"}});
  EXPECT_EQ(searched(snapshot, "pop art"), Ids{1});
  EXPECT_EQ(searched(snapshot, "space "), Ids{2});
}

TEST_F(SnapshotSearch, QuotedWordsMatchOnlyAsWritten) {
  const auto snapshot = shop({{.id = 1, .title = "Dancing Herons"},
                              {.id = 2, .title = "Owls at Night"},
                              {.id = 3, .title = "Owl Alone"}});
  ASSERT_EQ(searched(snapshot, "owls "), (Ids{2, 3}));
  EXPECT_EQ(searched(snapshot, "\"owls\""), Ids{2});
  EXPECT_EQ(searched(snapshot, "\"dance\""), Ids{});
  EXPECT_EQ(searched(snapshot, "\"heron\""), Ids{});
  EXPECT_EQ(searched(snapshot, "dance"), Ids{1});
}

TEST_F(SnapshotSearch, ASearchWithoutAWordFindsNothing) {
  const auto snapshot = shop({{.id = 1, .title = "Owl"}});
  const auto answer = snapshot.search({.search = "?!", .facets = true});
  EXPECT_TRUE(answer.items.empty());
  EXPECT_EQ(answer.total, 0);
  EXPECT_FALSE(answer.did_you_mean);
}

TEST_F(SnapshotSearch, RanksTitleOverTagOverDescriptionAndTiesNewestFirst) {
  const auto snapshot = shop({{.id = 1, .title = "Quiet Lake", .description = "an owl"},
                              {.id = 2, .title = "Quiet Hill", .tags = {"owl"}},
                              {.id = 3, .title = "Owl"},
                              {.id = 4, .title = "Owl Again"},
                              {.id = 5, .title = "Lake", .tags = {"owl"}}});
  EXPECT_EQ(searched(snapshot, "owl "), (Ids{4, 3, 5, 2, 1}));
}

TEST_F(SnapshotSearch, CombinesTheSearchWithEveryFilterAndEverySortAndCountsExactly) {
  const auto snapshot =
      shop({{.id = 1, .title = "Owl One", .orientation = Orientation::Vertical, .price = 3000},
            {.id = 2, .title = "Owl Two", .category = "space", .price = 1000},
            {.id = 3, .title = "Owl Three", .style = ArtStyle::Anime, .price = 2000},
            {.id = 4, .title = "Owl Four", .price = 500},
            {.id = 5, .title = "Tiger", .price = 700}});
  const auto answer =
      snapshot.search({.category = "animals", .search = "owl", .offset = 0, .limit = 1});
  EXPECT_EQ(ids(answer.items), Ids{4});
  EXPECT_EQ(answer.total, 3);
  EXPECT_EQ(found(snapshot, {.sort = OfferSort::LowToHigh, .search = "owl"}), (Ids{4, 2, 3, 1}));
  EXPECT_EQ(found(snapshot, {.sort = OfferSort::HighToLow, .search = "owl"}), (Ids{1, 3, 2, 4}));
  EXPECT_EQ(found(snapshot, {.style = ArtStyle::Anime, .search = "owl"}), Ids{3});
  EXPECT_EQ(found(snapshot, {.orientation = Orientation::Vertical, .search = "owl"}), Ids{1});
  EXPECT_EQ(
      found(snapshot, {.min_price_eur_cents = 900, .max_price_eur_cents = 2000, .search = "owl"}),
      (Ids{3, 2}));
  EXPECT_EQ(found(snapshot, {.category = "space", .search = "tiger"}), Ids{});
}

TEST_F(SnapshotSearch, NamesTheWordsOfThePageTheSearchFound) {
  const auto snapshot =
      shop({{.id = 1, .title = "Wandering Owl in Blue", .tags = {"night", "Owls"}}});
  EXPECT_EQ(snapshot.search({.search = "owl blu"}).matched_words,
            (std::vector<std::string>{"blue", "owl", "owls"}));
  // By a typo (two letters swapped), and no other word of the page.
  EXPECT_EQ(snapshot.search({.search = "wanderign "}).matched_words,
            (std::vector<std::string>{"wandering"}));
  EXPECT_TRUE(snapshot.search({}).matched_words.empty());
}

TEST_F(SnapshotSearch, FacetsCountEachIgnoringItsOwnFilter) {
  const auto snapshot =
      shop({{.id = 1, .title = "Owl", .style = ArtStyle::Anime, .price = 500},
            {.id = 2, .title = "Owl", .style = ArtStyle::Anime, .category = "space", .price = 1500},
            {.id = 3, .title = "Owl", .style = ArtStyle::PopArt, .price = 3000},
            {.id = 4,
             .title = "Owl",
             .style = ArtStyle::PopArt,
             .orientation = Orientation::Vertical,
             .price = 3000},
            {.id = 5, .title = "Tiger", .style = ArtStyle::Anime},
            {.id = 6, .title = "Owl", .status = OfferStatus::SoldOut}});
  const std::vector<std::int64_t> bands{0, 1000, 2500};
  const auto answer = snapshot.search(
      {.style = ArtStyle::Anime, .search = "owl", .facets = true, .price_band_starts = bands});
  EXPECT_EQ(answer.total, 2);
  const auto& facets = answer.facets;
  // Every style of the owls, though Anime is chosen.
  ASSERT_EQ(facets.styles.size(), 2U);
  EXPECT_EQ(facets.styles[0].value, ArtStyle::Anime);
  EXPECT_EQ(facets.styles[0].count, 2);
  EXPECT_EQ(facets.styles[1].value, ArtStyle::PopArt);
  EXPECT_EQ(facets.styles[1].count, 2);
  // The Anime owls only, by category (sorted by title), orientation and price band.
  ASSERT_EQ(facets.categories.size(), 2U);
  EXPECT_EQ(facets.categories[0].title, "Animals");
  EXPECT_EQ(facets.categories[0].count, 1);
  EXPECT_EQ(facets.categories[1].url_name, "space");
  ASSERT_EQ(facets.orientations.size(), 1U);
  EXPECT_EQ(facets.orientations[0].value, Orientation::Square);
  EXPECT_EQ(facets.orientations[0].count, 2);
  EXPECT_EQ(facets.price_bands, (std::vector<int>{1, 1, 0}));

  // Without a search, the same counts over the whole catalogue, filtered or not.
  const auto everything = snapshot.search({.facets = true, .price_band_starts = bands}).facets;
  EXPECT_EQ(everything.price_bands, (std::vector<int>{1, 2, 2}));
  ASSERT_EQ(everything.styles.size(), 2U);
  EXPECT_EQ(everything.styles[0].count, 3);
  const auto cheap_anime = snapshot
                               .search({.style = ArtStyle::Anime,
                                        .max_price_eur_cents = 999,
                                        .facets = true,
                                        .price_band_starts = bands})
                               .facets;
  EXPECT_EQ(cheap_anime.price_bands, (std::vector<int>{1, 2, 0}));
  ASSERT_EQ(cheap_anime.styles.size(), 1U);
  EXPECT_EQ(cheap_anime.styles[0].count, 1);
}

// Pictures whose style, category (one of them unknown), orientation and price vary with their
// id, each titled `title(id)`.
template <class Title>
std::vector<Picture> varied_pictures(std::int64_t count, Title title) {
  const std::array styles{ArtStyle::Anime, ArtStyle::PopArt, ArtStyle::Watercolor};
  const std::array categories{"animals", "space", "cities", "not-a-category"};
  std::vector<Picture> pictures;
  for (std::int64_t id = 1; id <= count; ++id) {
    const auto k = static_cast<std::size_t>(id);
    pictures.push_back({.id = id,
                        .title = title(id),
                        .style = styles[k % styles.size()],
                        .category = categories[(k / 3) % categories.size()],
                        .orientation = kAllOrientations[(k / 12) % kAllOrientations.size()],
                        // Some prices alike, so that ties go by id.
                        .price = static_cast<std::int64_t>((k * 37) % 50) * 100});
  }
  return pictures;
}

// A search of the owls with the filters the bits of `chosen` pick: a vertical orientation, Pop
// Art, the category "space", a price from 15 to 35 euros.
OfferSearch owls_filtered(int chosen) {
  return {.orientation = (chosen & 1) != 0 ? std::optional(Orientation::Vertical) : std::nullopt,
          .style = (chosen & 2) != 0 ? std::optional(ArtStyle::PopArt) : std::nullopt,
          .min_price_eur_cents = (chosen & 8) != 0 ? std::optional(1500) : std::nullopt,
          .max_price_eur_cents = (chosen & 8) != 0 ? std::optional(3500) : std::nullopt,
          .category = (chosen & 4) != 0 ? std::optional("space") : std::nullopt,
          .search = "owl"};
}

// A search counts its matches per cell and leaves out the cells failing more of the style,
// orientation and category filters than any count takes in. Every combination of filters, with
// facets and without, against counts made by hand over every offer.
TEST_F(SnapshotSearch, MatchesNoCountTakesInAreLeftOutAndEveryCountStaysExact) {
  const auto pictures =
      varied_pictures(216, [](std::int64_t id) { return id % 7 == 0 ? "Tiger" : "Owl"; });
  const auto snapshot = shop(pictures);
  const std::vector<std::int64_t> bands{0, 1000, 2500};
  for (int chosen = 0; chosen < 16; ++chosen) {
    for (const bool facets : {false, true}) {
      auto search = owls_filtered(chosen);
      search.sort = OfferSort::LowToHigh;
      search.limit = 250;  // every owl
      search.facets = facets;
      search.price_band_starts = bands;
      SCOPED_TRACE(::testing::Message() << "filters " << chosen << ", facets " << facets);
      // By hand: which filters each owl fails, and the counts that follow.
      std::vector<std::pair<std::int64_t, std::int64_t>> fitting;  // price, id
      std::map<std::string, int> by_category;
      std::map<ArtStyle, int> by_style;
      std::map<Orientation, int> by_orientation;
      std::vector<int> by_band(bands.size(), 0);
      for (const auto& picture : pictures) {
        if (picture.title != "Owl") continue;
        const bool orientation = !search.orientation || picture.orientation == search.orientation;
        const bool style = !search.style || picture.style == search.style;
        const bool category = !search.category || picture.category == search.category;
        const bool price =
            !search.min_price_eur_cents || (picture.price >= *search.min_price_eur_cents &&
                                            picture.price <= *search.max_price_eur_cents);
        if (orientation && style && category && price) {
          fitting.emplace_back(picture.price, picture.id);
        }
        if (style && category && price) ++by_orientation[picture.orientation];
        if (orientation && category && price) ++by_style[picture.style];
        if (orientation && style && price && picture.category != "not-a-category") {
          ++by_category[picture.category];
        }
        if (orientation && style && category) {
          ++by_band[static_cast<std::size_t>(std::ranges::upper_bound(bands, picture.price) -
                                             bands.begin() - 1)];
        }
      }
      std::ranges::sort(fitting);
      Ids expected;
      for (const auto& [price, id] : fitting) expected.push_back(id);

      const auto answer = snapshot.search(search);
      EXPECT_EQ(ids(answer.items), expected);
      EXPECT_EQ(answer.total, static_cast<int>(expected.size()));
      if (!facets) continue;
      std::map<std::string, int> categories_counted;
      for (const auto& c : answer.facets.categories) categories_counted[c.url_name] = c.count;
      EXPECT_EQ(categories_counted, by_category);
      std::map<ArtStyle, int> styles_counted;
      for (const auto& c : answer.facets.styles) styles_counted[c.value] = c.count;
      EXPECT_EQ(styles_counted, by_style);
      std::map<Orientation, int> orientations_counted;
      for (const auto& c : answer.facets.orientations) orientations_counted[c.value] = c.count;
      EXPECT_EQ(orientations_counted, by_orientation);
      EXPECT_EQ(answer.facets.price_bands, by_band);
    }
  }
}

// What a shopper sees of an answer: its page, its total and every facet count.
void expect_same_answer(const CatalogueMatches& found, const CatalogueMatches& expected) {
  EXPECT_EQ(ids(found.items), ids(expected.items));
  EXPECT_EQ(found.total, expected.total);
  const auto categories = [](const CatalogueMatches& m) {
    std::map<std::string, int> counted;
    for (const auto& c : m.facets.categories) counted[c.url_name] = c.count;
    return counted;
  };
  const auto counted = [](const auto& values) {
    std::map<int, int> by_value;
    for (const auto& v : values) by_value[static_cast<int>(v.value)] = v.count;
    return by_value;
  };
  EXPECT_EQ(categories(found), categories(expected));
  EXPECT_EQ(counted(found.facets.styles), counted(expected.facets.styles));
  EXPECT_EQ(counted(found.facets.orientations), counted(expected.facets.orientations));
  EXPECT_EQ(found.facets.price_bands, expected.facets.price_bands);
}

// A search's matches are kept once it finds kMatchesKeptFrom or more: the same words with other
// filters, another order, page or bands are then answered from them, not from the index, as a
// snapshot finding them anew answers (a copy keeps nothing).
TEST_F(SnapshotSearch, KeptMatchesAnswerOtherFiltersAndOrdersAsFoundAnew) {
  const auto pictures = varied_pictures(2'400, [](std::int64_t id) {
    return id % 24 == 1 ? "Hare" : (id % 2 == 0 ? "Owl" : "Tiger");
  });
  const auto snapshot = shop(pictures);
  ASSERT_EQ(snapshot.search({.search = "owl", .limit = 1}).total, 1'200);
  EXPECT_EQ(snapshot.matches_kept(), 1U);
  EXPECT_EQ(snapshot.matches_made(), 1U);

  const std::vector<std::int64_t> bands{0, 1000, 2500};
  int compared = 0;
  for (int chosen = 0; chosen < 16; ++chosen) {
    for (const auto sort : {OfferSort::NewToOld, OfferSort::LowToHigh, OfferSort::HighToLow}) {
      for (const bool by_relevance : {false, true}) {
        auto search = owls_filtered(chosen);
        search.sort = sort;
        search.offset = chosen;
        search.limit = 40;
        search.by_relevance = by_relevance;
        search.facets = chosen % 3 != 0;
        search.price_band_starts = bands;
        SCOPED_TRACE(::testing::Message()
                     << "filters " << chosen << ", sort " << static_cast<int>(sort)
                     << ", by relevance " << by_relevance);
        const auto answer = snapshot.search(search);
        const CatalogueSnapshot anew = snapshot;
        ASSERT_EQ(anew.matches_kept(), 0U);
        expect_same_answer(answer, anew.search(search));
        EXPECT_EQ(anew.matches_made(), 1U);
        ++compared;
      }
    }
  }
  EXPECT_EQ(compared, 96);
  EXPECT_EQ(snapshot.matches_kept(), 1U);
  EXPECT_EQ(snapshot.matches_made(), 1U) << "the owls were looked up in the index again";

  // Fewer matches are found anew each time: not kept.
  ASSERT_EQ(snapshot.search({.search = "hare", .limit = 1}).total, 100);
  ASSERT_EQ(snapshot.search({.style = ArtStyle::PopArt, .search = "hare"}).total, 100);
  EXPECT_EQ(snapshot.matches_kept(), 1U);
  EXPECT_EQ(snapshot.matches_made(), 3U);
  // A patched snapshot keeps its own, and finds the change.
  const auto patched =
      snapshot.patched(std::vector{OfferId{2}}, {offer({.id = 2, .title = "Hare"})}, 2);
  EXPECT_EQ(patched.matches_kept(), 0U);
  EXPECT_EQ(patched.search({.search = "owl", .limit = 1}).total, 1'199);
  EXPECT_EQ(patched.matches_kept(), 1U);
}

TEST_F(SnapshotSearch, DidYouMeanOffersASpellingThatFindsSomething) {
  const auto snapshot = shop({{.id = 1, .title = "Grey Wolf"}, {.id = 2, .title = "Red Fox"}});
  const auto answer = snapshot.search({.search = "wofl"});
  EXPECT_EQ(answer.total, 0);
  EXPECT_EQ(answer.did_you_mean, "wolf");
  // Not when the close spelling finds nothing within the filters.
  EXPECT_FALSE(snapshot.search({.category = "space", .search = "wofl"}).did_you_mean);
  EXPECT_FALSE(snapshot.search({.search = "wolf"}).did_you_mean);
}

TEST_F(SnapshotSearch, SuggestsTitlesHoldingEveryWordThenTags) {
  const auto snapshot =
      shop({{.id = 1, .title = "Wandering Owl in Blue", .tags = {"owl", "night"}},
            {.id = 2, .title = "Owl at Dawn", .tags = {"owl", "owlet"}},
            {.id = 3, .title = "Blue Harbour", .description = "an owl flies over"},
            {.id = 4, .title = "Owl at Dawn", .tags = {"owl"}}});
  const auto suggestions = snapshot.suggest("blue ow");
  ASSERT_EQ(suggestions.size(), 3U);
  EXPECT_EQ(suggestions[0].kind, CatalogueSuggestion::Kind::Title);
  EXPECT_EQ(suggestions[0].text, "Wandering Owl in Blue");
  EXPECT_EQ(suggestions[0].offer->id.value, 1);
  EXPECT_EQ(suggestions[1].kind, CatalogueSuggestion::Kind::Tag);
  EXPECT_EQ(suggestions[1].text, "owl");
  EXPECT_EQ(suggestions[2].text, "owlet");
  // Titles once each.
  const auto owl = snapshot.suggest("owl");
  ASSERT_GE(owl.size(), 2U);
  EXPECT_EQ(owl[0].text, "Owl at Dawn");
  EXPECT_EQ(owl[1].text, "Wandering Owl in Blue");
  EXPECT_TRUE(snapshot.suggest("  ?").empty());
}

TEST_F(SnapshotSearch, RelatedRanksSharedTagsThenStyleThenCategoryNeverItselfNorSoldOut) {
  const auto snapshot =
      shop({{.id = 1, .title = "Owl", .tags = {"owl", "night sky"}, .style = ArtStyle::Anime},
            {.id = 2,
             .title = "A",
             .tags = {"Night Sky"},
             .style = ArtStyle::PopArt,
             .category = "space"},
            {.id = 3,
             .title = "B",
             .tags = {"owl", "night sky"},
             .style = ArtStyle::PopArt,
             .category = "space"},
            {.id = 4, .title = "C", .style = ArtStyle::Anime, .category = "space"},
            {.id = 5, .title = "D", .style = ArtStyle::PopArt},
            {.id = 6,
             .title = "E",
             .tags = {"owl", "night sky"},
             .style = ArtStyle::Exclusive,
             .status = OfferStatus::SoldOut},
            {.id = 7, .title = "F", .style = ArtStyle::PopArt, .category = "cities"},
            {.id = 8,
             .title = "G",
             .tags = {"night"},
             .style = ArtStyle::PopArt,
             .category = "cities"}});
  // 3: two tags (6); 2: one tag (3); 4: style (2); 5: category (1); 7 and 8 share nothing.
  EXPECT_EQ(ids(snapshot.related(*snapshot.find("picture-1"))), (Ids{3, 2, 4, 5}));
}

TEST_F(SnapshotSearch, FollowsPatchesThroughTheSmallIndexAndAfterItIsFoldedIn) {
  auto snapshot = shop({{.id = 1, .title = "Grey Wolf"},
                        {.id = 2, .title = "Red Fox"},
                        {.id = 3, .title = "Golden Tower"}});
  // A new offer is found, a hidden one is gone, a changed title is found by its new word only.
  snapshot = snapshot.patched(
      std::vector{OfferId{2}, OfferId{3}, OfferId{4}},
      {offer({.id = 3, .title = "Silver Tower"}), offer({.id = 4, .title = "Snow Owl"})}, 2);
  EXPECT_EQ(searched(snapshot, "owl"), Ids{4});
  EXPECT_EQ(searched(snapshot, "fox"), Ids{});
  EXPECT_EQ(searched(snapshot, "silver"), Ids{3});
  EXPECT_EQ(searched(snapshot, "golden"), Ids{});
  EXPECT_EQ(searched(snapshot, "tower"), Ids{3});
  EXPECT_EQ(snapshot.search_delta_size(), 3U);
  // A second patch over the first: the offer changed twice answers as it is now.
  const auto before_fold = snapshot;
  snapshot =
      snapshot.patched(std::vector{OfferId{4}, OfferId{1}},
                       {offer({.id = 4, .title = "Snow Hare"}),
                        offer({.id = 1, .title = "Grey Wolf", .status = OfferStatus::SoldOut})},
                       3);
  EXPECT_EQ(searched(snapshot, "owl"), Ids{});
  EXPECT_EQ(searched(snapshot, "hare"), Ids{4});
  EXPECT_EQ(searched(snapshot, "wolf"), Ids{});
  // Folded into a new big index, then patched again while it was built.
  const auto reindexed = before_fold.reindexed();
  EXPECT_EQ(reindexed.search_delta_size(), 0U);
  EXPECT_EQ(searched(reindexed, "owl"), Ids{4});
  const auto rebased = snapshot.rebased(reindexed);
  EXPECT_EQ(rebased.search_delta_size(), 2U);
  EXPECT_EQ(searched(rebased, "owl"), Ids{});
  EXPECT_EQ(searched(rebased, "hare"), Ids{4});
  EXPECT_EQ(searched(rebased, "silver tower"), Ids{3});
  EXPECT_EQ(searched(rebased, "wolf"), Ids{});
  const auto later =
      rebased.patched(std::vector{OfferId{5}}, {offer({.id = 5, .title = "Owl"})}, 4);
  EXPECT_EQ(searched(later, "owl"), Ids{5});
  EXPECT_EQ(searched(later, "snow"), Ids{4});
}

// A search's answer is kept with its snapshot, its page outside the key: the next pages, the
// same search asked again and its facets come from it, anything else that changes the answer
// (another sort, filter or currency's bands) is another answer, a page past the kept matches
// is worked out afresh, and neither a copy nor a patched snapshot sees the answers of another.
TEST_F(SnapshotSearch, KeepsEachSearchsAnswerForItsOtherPagesAndNothingElse) {
  std::vector<Picture> pictures;
  for (std::int64_t id = 1; id <= 500; ++id) {
    pictures.push_back({.id = id, .title = "Owl " + std::to_string(id), .price = 1000 + id % 7});
  }
  pictures.push_back({.id = 501, .title = "Tiger", .style = ArtStyle::Anime});
  const auto snapshot = shop(pictures);
  const auto page = [&](OfferSearch search, int offset, int limit) {
    search.offset = offset;
    search.limit = limit;
    return snapshot.search(search);
  };
  const OfferSearch owl{
      .search = "owl", .by_relevance = true, .facets = true, .price_band_starts = {0, 1003}};
  // Every page of the first kRankedKept from one answer, as one long page has them.
  const auto whole = ids(page(owl, 0, static_cast<int>(kRankedKept)).items);
  ASSERT_EQ(whole.size(), kRankedKept);
  EXPECT_EQ(snapshot.searches_kept(), 1U);
  const auto second = page(owl, 10, 10);
  EXPECT_EQ(ids(second.items), Ids(whole.begin() + 10, whole.begin() + 20));
  EXPECT_EQ(second.total, 500);
  EXPECT_EQ(second.facets.price_bands, (std::vector<int>{215, 285}));
  EXPECT_EQ(second.matched_words, std::vector<std::string>{"owl"});
  // The same page again, and a page overlapping it, name the same words.
  EXPECT_EQ(page(owl, 10, 10).matched_words, std::vector<std::string>{"owl"});
  EXPECT_EQ(page(owl, 5, 10).matched_words, std::vector<std::string>{"owl"});
  EXPECT_EQ(snapshot.searches_kept(), 1U);
  // Another order, filter or currency's bands: another answer, not the kept one.
  auto cheapest = owl;
  cheapest.by_relevance = false;
  cheapest.sort = OfferSort::LowToHigh;
  EXPECT_EQ(ids(page(cheapest, 0, 3).items), (Ids{7, 14, 21}));
  auto filed = owl;
  filed.category = "animals";
  EXPECT_EQ(page(filed, 0, 10).total, 500);
  auto other_bands = owl;
  other_bands.price_band_starts = {0, 1006};
  EXPECT_EQ(page(other_bands, 0, 10).facets.price_bands, (std::vector<int>{429, 71}));
  EXPECT_EQ(snapshot.searches_kept(), 4U);
  // Past the kept matches: worked out afresh, in the same order.
  // The owls tie on relevance, so they come newest first: 500 down.
  EXPECT_EQ(whole.front(), 500);
  const auto deep = page(owl, static_cast<int>(kRankedKept) - 4, 8);
  Ids expected;
  for (auto id = 500 - static_cast<std::int64_t>(kRankedKept) + 4; expected.size() < 8; --id) {
    expected.push_back(id);
  }
  EXPECT_EQ(ids(deep.items), expected);
  EXPECT_EQ(snapshot.searches_kept(), 4U);
  // A copy keeps none; a patched snapshot keeps its own and finds the change.
  const auto copy = snapshot;
  EXPECT_EQ(copy.searches_kept(), 0U);
  EXPECT_EQ(ids(page(owl, 0, 3).items), Ids(whole.begin(), whole.begin() + 3));
  const auto patched =
      snapshot.patched(std::vector{OfferId{500}}, {offer({.id = 500, .title = "Hare"})}, 2);
  EXPECT_EQ(patched.searches_kept(), 0U);
  EXPECT_EQ(patched.search({.search = "owl", .limit = 1}).total, 499);
  // Bounded: past kSearchesKept different searches, the oldest go, but not an answer asked for
  // again: one-off searches push out only answers asked for once.
  const OfferSearch popular{.search = "owl", .limit = 1};
  patched.search(popular);
  patched.search(popular);
  const auto one_off = [](std::size_t k) {
    return OfferSearch{.min_price_eur_cents = static_cast<std::int64_t>(k), .search = "owl"};
  };
  for (std::size_t k = 0; k <= kSearchesKept; ++k) patched.search(one_off(k));
  EXPECT_LE(patched.searches_kept(), kSearchesKept);
  EXPECT_GT(patched.searches_kept(), kSearchesKept / 4);
  EXPECT_FALSE(patched.search_if_cheap(one_off(0))) << "the oldest one-off search is still kept";
  EXPECT_TRUE(patched.search_if_cheap(one_off(kSearchesKept)));
  EXPECT_TRUE(patched.search_if_cheap(popular)) << "the answer asked for again was pushed out";
}

// A start from the catalogue file: the index kept there answers for every offer but those
// changed since it was written, which the small index covers, as a freshly built one would.
TEST_F(SnapshotSearch, AKeptIndexWithTheOffersChangedSinceCovered_AnswersAsABuiltOne) {
  const std::vector<Picture> then{
      {.id = 1, .title = "Grey Wolf"},
      {.id = 2, .title = "Snowy Owl"},
      {.id = 3, .title = "Golden Tower", .tags = {"owl"}},
      {.id = 4, .title = "Owl at Dusk", .status = OfferStatus::SoldOut}};
  const auto kept = shop(then).search_index();
  ASSERT_NE(kept, nullptr);
  // Since: 1 renamed, 2 hidden (gone), 4 on sale again, 5 new; 3 unchanged.
  std::vector<std::shared_ptr<const Offer>> now{
      offer({.id = 1, .title = "Grey Owl"}), offer(then[2]),
      offer({.id = 4, .title = "Owl at Dusk"}), offer({.id = 5, .title = "Barn Owls"})};
  const std::vector<Category> categories{{.url_name = "animals", .title = "Animals"}};
  const CatalogueSnapshot started(now, categories, 9, analyser_, kept, {1, 2, 4, 5});
  const CatalogueSnapshot built(now, categories, 9, analyser_);
  EXPECT_EQ(started.search_delta_size(), 4U);
  EXPECT_EQ(started.search_index(), nullptr) << "it no longer answers for all of them";
  for (const auto* text : {"owl", "wolf", "grey", "snowy", "golden", "owls dusk", "ow"}) {
    EXPECT_EQ(searched(started, text), searched(built, text)) << text;
  }
  EXPECT_EQ(searched(started, "owl"), (Ids{4, 1, 5, 3}));
  // An index analysed otherwise (no accents folded, no stems) is not used: one is built.
  const auto plain = CatalogueSnapshot(now, categories, 9, plain_search_analyser()).search_index();
  const CatalogueSnapshot rebuilt(now, categories, 9, analyser_, plain, {});
  EXPECT_EQ(searched(rebuilt, "owls"), searched(built, "owls"));
  EXPECT_NE(rebuilt.search_index(), plain);
}

// A patched snapshot folds and stems as the first one did, for the offers patched in and in
// the searches asked of it, and so does the big index rebuilt from it.
TEST_F(SnapshotSearch, PatchedSnapshotsAndTheirRebuiltIndexAnalyseAsTheFirstDid) {
  const auto first = shop({{.id = 1, .title = "Snowy Owl"}, {.id = 2, .title = "Cathédrale"}});
  const auto patched =
      first.patched(std::vector{OfferId{3}}, {offer({.id = 3, .title = "Barn Owls"})}, 2);
  // "owl " (typed out: no prefix) finds "Owls" by its stem only.
  EXPECT_EQ(searched(patched, "owl "), (Ids{1, 3}));
  EXPECT_EQ(searched(patched, "cathedrale "), Ids{2});
  const auto rebuilt = patched.reindexed();
  EXPECT_EQ(searched(rebuilt, "owl "), (Ids{1, 3}));
  ASSERT_NE(rebuilt.search_index(), nullptr);
  EXPECT_TRUE(rebuilt.search_index()->analysed_as(analyser_)) << "what a file keeps";
}

TEST_F(SnapshotSearch, CategoriesAreListedByTitleWithTheirActiveOffersCountedAcrossPatches) {
  const auto snapshot = shop({{.id = 1, .title = "Grey Wolf"},
                              {.id = 2, .title = "Moon", .category = "space"},
                              {.id = 3, .title = "Owl", .status = OfferStatus::SoldOut},
                              {.id = 4, .title = "Hare", .orientation = Orientation::Vertical}});
  const auto listed = [](const CatalogueSnapshot& at) {
    std::vector<std::pair<std::string, int>> result;
    for (const auto& category : at.categories()) {
      result.emplace_back(category.title, category.offer_count);
    }
    return result;
  };
  using Listed = std::vector<std::pair<std::string, int>>;
  EXPECT_EQ(listed(snapshot), (Listed{{"Animals", 2}, {"Cities", 0}, {"Space", 1}}));
  const auto later = snapshot.patched(
      std::vector{OfferId{1}, OfferId{5}},
      {offer({.id = 5, .title = "Comet", .style = ArtStyle::Anime, .category = "space"})}, 2);
  EXPECT_EQ(listed(later), (Listed{{"Animals", 1}, {"Cities", 0}, {"Space", 2}}));
}

// The catalogue calls over one snapshot, priced with the fixed rates of the fakes.
class HeldCatalogue final : public CatalogueReadModel {
 public:
  explicit HeldCatalogue(CatalogueSnapshot snapshot)
      : snapshot_(std::make_shared<const CatalogueSnapshot>(std::move(snapshot))) {}
  std::shared_ptr<const CatalogueSnapshot> current() override { return snapshot_; }

 private:
  std::shared_ptr<const CatalogueSnapshot> snapshot_;
};

TEST_F(SnapshotSearch, TheCatalogueCallsAnswerInTheDisplayCurrencyAndRefuseBadSearchText) {
  HeldCatalogue catalogue(shop({{.id = 1, .title = "Wandering Owl in Blue", .price = 1200},
                                {.id = 2, .title = "Grey Wolf", .tags = {"owl"}, .price = 3000}}));
  fakes::FixedRates rates;
  BrowseOffers browse(catalogue, rates);
  OfferListParameters parameters;
  parameters.currency = "USD";
  parameters.search = "owl";
  const auto page = browse(parameters);
  ASSERT_TRUE(page);
  EXPECT_EQ(page->total, 2);
  EXPECT_EQ(page->items[0].offer->id.value, 1);  // the title above the tag
  ASSERT_EQ(page->facets.prices.size(), 2U);
  EXPECT_EQ(page->facets.prices[0].from, Money(1083, Currency::USD));
  EXPECT_EQ(page->facets.prices[0].to, Money(2705, Currency::USD));
  EXPECT_EQ(page->facets.prices[1].from, Money(2706, Currency::USD));
  EXPECT_EQ(page->matched_words, (std::vector<std::string>{"owl"}));
  parameters.search = "wofl";
  EXPECT_EQ(browse(parameters)->did_you_mean, "wolf");
  parameters.search = "\"owl";
  const auto unpaired = browse(parameters);
  ASSERT_FALSE(unpaired);
  EXPECT_EQ(unpaired.error().fields.messages("Search"),
            std::vector<std::string>{"Close the quotation mark or remove it."});

  SuggestOffers suggest(catalogue, rates);
  const auto suggestions = suggest(std::string("wander"), std::string("USD"));
  ASSERT_TRUE(suggestions);
  ASSERT_FALSE(suggestions->empty());
  ASSERT_TRUE(suggestions->front().offer);
  EXPECT_EQ(suggestions->front().offer->lowest_price, Money(1299, Currency::USD));
  const auto too_long = suggest(std::string(201, 'o'), std::string("USD"));
  ASSERT_FALSE(too_long);
  EXPECT_EQ(too_long.error().fields.messages("Prefix"),
            std::vector<std::string>{"Prefix must be at most 200 characters."});
  EXPECT_TRUE(suggest(std::string("?!"), std::string("USD"))->empty());

  RelatedOffers related(catalogue, rates);
  const auto unknown = related(std::string("no-such-picture"), std::string("USD"));
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().kind, ErrorKind::NotFound);
}

// What costs little at any catalogue size is answered, as the call answers it: a refusal, a
// listing without a search whose page ends within kQuickListingDepth, a page within the first
// kRankedKept matches of a search the snapshot keeps. The rest is left to the call.
TEST_F(SnapshotSearch, TheListingAnswersWhatCostsLittleAndLeavesTheRest) {
  std::vector<Picture> pictures;
  for (std::int64_t id = 1; id <= 600; ++id) {
    pictures.push_back({.id = id, .title = "Owl " + std::to_string(id)});
  }
  HeldCatalogue catalogue(shop(pictures));
  fakes::FixedRates rates;
  BrowseOffers browse(catalogue, rates);
  const auto sources = browse.sources();
  const auto listing = [](std::optional<std::string> search, int page, int page_size) {
    OfferListParameters parameters;
    parameters.currency = "EUR";
    parameters.search = std::move(search);
    parameters.page = std::to_string(page);
    parameters.page_size = std::to_string(page_size);
    return parameters;
  };
  const auto cheap = [&](const OfferListParameters& parameters) {
    return browse.answer_if_cheap(parameters, sources);
  };
  const auto page_ids = [](const Result<PricedOfferPage>& page) {
    Ids found;
    for (const auto& item : page->items) found.push_back(item.offer->id.value);
    return found;
  };
  constexpr auto kDepth = static_cast<int>(kQuickListingDepth);
  for (const auto& [page, size] : {std::pair{1, 24}, {kDepth / 24, 24}, {kDepth / 96, 96}}) {
    const auto answered = cheap(listing(std::nullopt, page, size));
    ASSERT_TRUE(answered && *answered) << page << " of " << size;
    EXPECT_EQ(page_ids(*answered), page_ids(browse(listing(std::nullopt, page, size))));
    EXPECT_EQ((*answered)->total, 600);
  }
  EXPECT_FALSE(cheap(listing(std::nullopt, kDepth / 24 + 1, 24)));
  EXPECT_FALSE(cheap(listing("   ", kDepth / 96 + 1, 96)));  // blank: no search
  // A search: left until its answer is kept, then its first kRankedKept matches' pages.
  EXPECT_FALSE(cheap(listing("owl", 2, 24)));
  const auto worked_out = browse(listing("owl", 2, 24));
  const auto kept = cheap(listing("owl", 2, 24));
  ASSERT_TRUE(kept && *kept);
  EXPECT_EQ(page_ids(*kept), page_ids(worked_out));
  EXPECT_EQ((*kept)->total, 600);
  EXPECT_TRUE(cheap(listing("owl", static_cast<int>(kRankedKept) / 96, 96)));
  EXPECT_FALSE(cheap(listing("owl", static_cast<int>(kRankedKept) / 96 + 1, 96)));
  EXPECT_FALSE(cheap(listing("owls", 1, 24)));  // another search, not kept
  // A refusal is answered.
  const auto refused = cheap(listing("owl", 0, 24));
  ASSERT_TRUE(refused);
  ASSERT_FALSE(*refused);
  EXPECT_EQ(refused->error().fields.messages("Page").size(), 1U);
}

// Newest first within a price range, the oldest offers alone in it: the walk down the newest
// order would read past kQuickListingReads entries, so the cheap answer leaves it to search().
TEST_F(SnapshotSearch, ACheapListingLeavesARangeTheNewestOrderHoldsFarApart) {
  constexpr auto kOld = std::int64_t{2'000};
  const auto newer = static_cast<std::int64_t>(kQuickListingReads) + 10'000;
  std::vector<Picture> pictures;
  for (std::int64_t id = 1; id <= kOld + newer; ++id) {
    pictures.push_back({.id = id, .title = "Picture", .price = id <= kOld ? 5000 : 1000});
  }
  const auto snapshot = shop(pictures);
  const OfferSearch dear{.min_price_eur_cents = 4000, .limit = 3};
  EXPECT_FALSE(snapshot.search_if_cheap(dear));
  const auto found = snapshot.search(dear);
  EXPECT_EQ(found.total, kOld);
  EXPECT_EQ(ids(found.items), (Ids{kOld, kOld - 1, kOld - 2}));
  // The newer offers' range is at hand.
  const OfferSearch cheap{.max_price_eur_cents = 1000, .limit = 3};
  const auto answered = snapshot.search_if_cheap(cheap);
  ASSERT_TRUE(answered);
  const auto last = kOld + newer;
  EXPECT_EQ(ids(answered->items), (Ids{last, last - 1, last - 2}));
}

TEST(PriceBands, InANonEuroCurrencyEachBandEndsOneMinorUnitBeforeTheNext) {
  ExchangeRates rates;
  rates.set(Currency::NOK, Rate{11'500'000});
  const auto bands = price_bands(Currency::NOK, rates);
  ASSERT_EQ(bands.size(), kPriceBandStartsEurCents.size());
  EXPECT_EQ(bands[0].from, Money(0, Currency::NOK));
  EXPECT_EQ(bands[0].to, Money(11'499, Currency::NOK));
  EXPECT_EQ(bands[1].from, Money(11'500, Currency::NOK));
  EXPECT_FALSE(bands.back().to);
  // A band holds exactly the euro prices a From/To filter with its amounts selects.
  for (std::size_t b = 0; b + 1 < bands.size(); ++b) {
    OfferQuery query;
    query.currency = Currency::NOK;
    query.from = bands[b].from;
    query.to = bands[b].to;
    const auto range = euro_cent_range(query, rates);
    EXPECT_EQ(range.min, bands[b].start_eur_cents);
    EXPECT_EQ(*range.max + 1, bands[b + 1].start_eur_cents);
  }
}

TEST(PriceBands, TheTableHoldsEveryCurrencysBandsAtItsRates) {
  ExchangeRates rates = ExchangeRates::defaults();
  rates.set(Currency::NOK, Rate{11'500'000});
  const PriceBandTable table(rates);
  for (const auto currency : kAllCurrencies) {
    const auto own = price_bands(currency, rates);
    ASSERT_EQ(table.of(currency).size(), own.size()) << code(currency);
    for (std::size_t b = 0; b < own.size(); ++b) {
      EXPECT_EQ(table.of(currency)[b].from, own[b].from) << code(currency);
      EXPECT_EQ(table.of(currency)[b].to, own[b].to) << code(currency);
      EXPECT_EQ(table.of(currency)[b].start_eur_cents, own[b].start_eur_cents) << code(currency);
    }
  }
  EXPECT_EQ(table.of(Currency::NOK)[1].from, Money(11'500, Currency::NOK));
}

TEST(OfferQuerySearch, ReadsRelevanceQuotesAndTheLengthInCharacters) {
  OfferListParameters parameters;
  parameters.currency = "EUR";
  parameters.search = "owl";
  auto query = validate_offer_query(parameters);
  ASSERT_TRUE(query);
  EXPECT_TRUE(query->by_relevance);
  parameters.sort = "LowToHigh";
  EXPECT_FALSE(validate_offer_query(parameters)->by_relevance);
  parameters.sort = "relevance";
  parameters.search.reset();
  query = validate_offer_query(parameters);
  ASSERT_TRUE(query);
  EXPECT_TRUE(query->by_relevance);
  EXPECT_EQ(query->sort, OfferSort::NewToOld);

  parameters.search = std::string(200, 'a');
  EXPECT_TRUE(validate_offer_query(parameters));
  // 200 characters of two bytes each.
  std::string accented;
  for (int i = 0; i < 200; ++i) accented += "\u00E9";
  parameters.search = accented;
  EXPECT_TRUE(validate_offer_query(parameters));
  parameters.search = std::string(201, 'a');
  EXPECT_EQ(validate_offer_query(parameters).error().messages("Search"),
            std::vector<std::string>{"Search must be at most 200 characters."});
  parameters.search = "\"owl blue";
  EXPECT_EQ(validate_offer_query(parameters).error().messages("Search"),
            std::vector<std::string>{"Close the quotation mark or remove it."});
  parameters.search = "\"owl\" blue";
  EXPECT_TRUE(validate_offer_query(parameters));
}

}  // namespace
}  // namespace artshop
