// The catalogue in memory answers the gallery's queries by the same rules as the database.
#include "artshop/core/catalogue/catalogue_snapshot.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

namespace artshop {
namespace {

struct Picture {
  std::int64_t id = 0;
  std::int64_t created = 0;
  std::int64_t price = 1000;
  ArtStyle style = ArtStyle::None;
  Orientation orientation = Orientation::Square;
  std::string category = "space";
  OfferStatus status = OfferStatus::Active;
  std::string title = "";
  std::vector<std::string> tags = {};
};

std::shared_ptr<const Offer> offer(Picture picture) {
  Offer offer;
  offer.id = OfferId{picture.id};
  offer.url_name = "picture-" + std::to_string(picture.id);
  offer.title = picture.title.empty() ? "Picture " + std::to_string(picture.id) : picture.title;
  offer.category = picture.category;
  offer.style = picture.style;
  offer.orientation = picture.orientation;
  offer.created_at = std::chrono::sys_seconds(std::chrono::seconds(picture.created));
  offer.status = picture.status;
  offer.tags = picture.tags;
  offer.attributes = standard_attributes(picture.style, 7680, picture.price);
  return std::make_shared<const Offer>(std::move(offer));
}

const std::vector<std::string> kCategories{"animals", "space", "vehicles"};

CatalogueSnapshot catalogue(const std::vector<Picture>& pictures) {
  std::vector<std::shared_ptr<const Offer>> offers;
  for (const auto& picture : pictures) offers.push_back(offer(picture));
  return {std::move(offers), kCategories, 1};
}

std::vector<std::int64_t> ids(const std::vector<std::shared_ptr<const Offer>>& offers) {
  std::vector<std::int64_t> result;
  for (const auto& offer : offers) result.push_back(offer->id.value);
  return result;
}

std::vector<std::int64_t> found_ids(const CatalogueSnapshot& snapshot, OfferSearch search) {
  search.limit = 1000;
  return ids(snapshot.search(search).items);
}

using Ids = std::vector<std::int64_t>;

TEST(CatalogueSnapshot, ListsNewestFirstWithTiesByTheHigherIdFirst) {
  const auto shop = catalogue({{.id = 1, .created = 100},
                               {.id = 2, .created = 300},
                               {.id = 3, .created = 200},
                               {.id = 4, .created = 200}});
  EXPECT_EQ(found_ids(shop, {}), (Ids{2, 4, 3, 1}));
  EXPECT_EQ(ids(shop.latest(2)), (Ids{2, 4}));
}

TEST(CatalogueSnapshot, SortsByLowestPriceWithTiesByIdAndHighToLowIsTheExactReverse) {
  const auto shop = catalogue({{.id = 1, .price = 2000},
                               {.id = 2, .price = 900},
                               {.id = 3, .price = 2000},
                               {.id = 4, .price = 1500}});
  EXPECT_EQ(found_ids(shop, {.sort = OfferSort::LowToHigh}), (Ids{2, 4, 1, 3}));
  EXPECT_EQ(found_ids(shop, {.sort = OfferSort::HighToLow}), (Ids{3, 1, 4, 2}));
}

TEST(CatalogueSnapshot, ListsActiveOffersOnlyButFindsSoldOutOnesByNameAndNeverHiddenOnes) {
  const auto shop = catalogue({{.id = 1},
                               {.id = 2, .status = OfferStatus::SoldOut},
                               {.id = 3, .status = OfferStatus::Hidden}});
  EXPECT_EQ(found_ids(shop, {}), (Ids{1}));
  EXPECT_EQ(shop.search({}).total, 1);
  ASSERT_NE(shop.find("PICTURE-2"), nullptr);
  EXPECT_EQ(shop.find("picture-2")->status, OfferStatus::SoldOut);
  EXPECT_EQ(shop.find("picture-3"), nullptr);
  EXPECT_EQ(shop.find("picture-9"), nullptr);
}

TEST(CatalogueSnapshot, FiltersByStyleOrientationCategoryAndAnInclusivePriceRange) {
  const auto shop = catalogue(
      {{.id = 1, .price = 1000, .style = ArtStyle::Anime, .orientation = Orientation::Vertical},
       {.id = 2, .price = 2000, .style = ArtStyle::Anime, .category = "animals"},
       {.id = 3, .price = 3000, .style = ArtStyle::Anime, .orientation = Orientation::Vertical},
       {.id = 4, .price = 2000, .style = ArtStyle::Watercolor}});
  EXPECT_EQ(found_ids(shop, {.style = ArtStyle::Anime}), (Ids{3, 2, 1}));
  EXPECT_EQ(found_ids(shop, {.orientation = Orientation::Vertical}), (Ids{3, 1}));
  EXPECT_EQ(found_ids(shop, {.category = "animals"}), (Ids{2}));
  EXPECT_EQ(found_ids(shop, {.category = "nowhere"}), Ids{});
  for (const auto sort : {OfferSort::NewToOld, OfferSort::LowToHigh}) {
    EXPECT_EQ(found_ids(shop, {.sort = sort,
                               .style = ArtStyle::Anime,
                               .min_price_eur_cents = 2000,
                               .max_price_eur_cents = 3000}),
              sort == OfferSort::NewToOld ? (Ids{3, 2}) : (Ids{2, 3}));
  }
  EXPECT_EQ(found_ids(shop, {.sort = OfferSort::HighToLow, .max_price_eur_cents = 2000}),
            (Ids{4, 2, 1}));
}

// Made without the Unicode and stemming adapters, a snapshot searches words ignoring the case
// of ASCII letters (docs/search.md); the gallery's search rules are in catalogue_search_test.cpp.
TEST(CatalogueSnapshot, WithThePlainAnalyserSearchesWordsOfTitlesAndTagsIgnoringAsciiCase) {
  const auto shop = catalogue({{.id = 1, .title = "Misty Harbour at Dawn"},
                               {.id = 2, .tags = {"sea", "HARBOUR lights"}},
                               {.id = 4, .title = "Desert road"}});
  EXPECT_EQ(found_ids(shop, {.search = "harBOUR"}), (Ids{2, 1}));
  EXPECT_EQ(found_ids(shop, {.search = "light"}), Ids{2});
  EXPECT_EQ(found_ids(shop, {.search = "_"}), Ids{});
}

TEST(CatalogueSnapshot, PagesCountEveryMatchAndAPagePastTheEndIsEmpty) {
  std::vector<Picture> pictures;
  for (std::int64_t id = 1; id <= 10; ++id) {
    pictures.push_back({.id = id,
                        .created = id,
                        .orientation = id % 2 == 0 ? Orientation::Vertical : Orientation::Square});
  }
  const auto shop = catalogue(pictures);
  const auto second = shop.search({.offset = 3, .limit = 3});
  EXPECT_EQ(ids(second.items), (Ids{7, 6, 5}));
  EXPECT_EQ(second.total, 10);
  const auto vertical =
      shop.search({.orientation = Orientation::Vertical, .offset = 2, .limit = 2});
  EXPECT_EQ(ids(vertical.items), (Ids{6, 4}));
  EXPECT_EQ(vertical.total, 5);
  const auto past = shop.search({.offset = 24, .limit = 24});
  EXPECT_TRUE(past.items.empty());
  EXPECT_EQ(past.total, 10);
}

TEST(CatalogueSnapshot, KnowsItsCategories) {
  const auto shop = catalogue({});
  EXPECT_TRUE(shop.has_category("space"));
  EXPECT_FALSE(shop.has_category("Space"));
  EXPECT_FALSE(shop.has_category("nowhere"));
}

TEST(CatalogueSnapshot, APatchReplacesRemovesAndAddsOffersAndLeavesTheOldSnapshotAsItWas) {
  const auto before = catalogue({{.id = 1, .created = 10, .price = 1000},
                                 {.id = 2, .created = 20, .price = 2000},
                                 {.id = 3, .created = 30, .price = 3000}});
  const std::vector<OfferId> changed{OfferId{1}, OfferId{2}, OfferId{4}};
  const auto after = before.patched(
      changed,
      {offer({.id = 2, .created = 20, .price = 500}),
       offer({.id = 4, .created = 40, .price = 2500, .status = OfferStatus::SoldOut})},
      2);
  EXPECT_EQ(after.version(), 2);
  EXPECT_EQ(found_ids(after, {}), (Ids{3, 2}));
  EXPECT_EQ(found_ids(after, {.sort = OfferSort::LowToHigh}), (Ids{2, 3}));
  EXPECT_EQ(after.find("picture-1"), nullptr);
  EXPECT_NE(after.find("picture-4"), nullptr);
  EXPECT_EQ(after.size(), 3U);
  EXPECT_EQ(found_ids(before, {.sort = OfferSort::LowToHigh}), (Ids{1, 2, 3}));
  EXPECT_EQ(before.version(), 1);
}

// A reference with no precomputed orders: filter everything, sort, count, cut a page.
CatalogueMatches by_brute_force(const std::vector<std::shared_ptr<const Offer>>& offers,
                                const OfferSearch& search) {
  std::vector<std::shared_ptr<const Offer>> found;
  for (const auto& offer : offers) {
    const auto price = offer->lowest_price_eur_cents();
    if (offer->status != OfferStatus::Active) continue;
    if (search.style && offer->style != *search.style) continue;
    if (search.orientation && offer->orientation != *search.orientation) continue;
    if (search.category && offer->category != *search.category) continue;
    if (search.min_price_eur_cents && price < *search.min_price_eur_cents) continue;
    if (search.max_price_eur_cents && price > *search.max_price_eur_cents) continue;
    found.push_back(offer);
  }
  std::ranges::sort(found, [&](const auto& a, const auto& b) {
    const auto key = [&](const auto& o) {
      return std::pair{search.sort == OfferSort::NewToOld
                           ? -o->created_at.time_since_epoch().count()
                           : o->lowest_price_eur_cents(),
                       o->id.value};
    };
    if (search.sort == OfferSort::NewToOld) {
      return key(a).first != key(b).first ? key(a).first < key(b).first : a->id.value > b->id.value;
    }
    return search.sort == OfferSort::LowToHigh ? key(a) < key(b) : key(b) < key(a);
  });
  CatalogueMatches page{.items = {}, .total = static_cast<int>(found.size())};
  for (auto i = static_cast<std::size_t>(search.offset);
       i < found.size() &&
       i < static_cast<std::size_t>(search.offset) + static_cast<std::size_t>(search.limit);
       ++i) {
    page.items.push_back(found[i]);
  }
  return page;
}

// The facets as the shopper reads them: each facet counts the Active offers failing no filter
// but its own. Written out as text, so that a difference names the facet and the value.
std::string facets_by_brute_force(const std::vector<std::shared_ptr<const Offer>>& offers,
                                  const OfferSearch& search) {
  std::vector<int> categories(kCategories.size(), 0);
  std::array<int, kAllArtStyles.size()> styles{};
  std::array<int, kAllOrientations.size()> orientations{};
  std::vector<int> bands(search.price_band_starts.size(), 0);
  for (const auto& offer : offers) {
    if (offer->status != OfferStatus::Active) continue;
    const auto price = offer->lowest_price_eur_cents();
    const bool style = !search.style || offer->style == *search.style;
    const bool orientation = !search.orientation || offer->orientation == *search.orientation;
    const bool category = !search.category || offer->category == *search.category;
    const bool priced = (!search.min_price_eur_cents || price >= *search.min_price_eur_cents) &&
                        (!search.max_price_eur_cents || price <= *search.max_price_eur_cents);
    const auto known = std::ranges::find(kCategories, offer->category);
    if (style && orientation && priced && known != kCategories.end()) {
      ++categories[static_cast<std::size_t>(known - kCategories.begin())];
    }
    if (orientation && category && priced) ++styles[static_cast<std::size_t>(offer->style)];
    if (style && category && priced) ++orientations[static_cast<std::size_t>(offer->orientation)];
    if (style && orientation && category) {
      for (auto b = bands.size(); b-- > 0;) {
        if (price >= search.price_band_starts[b]) {
          ++bands[b];
          break;
        }
      }
    }
  }
  std::string text;
  for (std::size_t c = 0; c < categories.size(); ++c) {
    if (categories[c] > 0) text += kCategories[c] + "=" + std::to_string(categories[c]) + " ";
  }
  for (std::size_t s = 0; s < styles.size(); ++s) {
    if (styles[s] > 0) text += "style" + std::to_string(s) + "=" + std::to_string(styles[s]) + " ";
  }
  for (std::size_t o = 0; o < orientations.size(); ++o) {
    if (orientations[o] > 0) {
      text += "orientation" + std::to_string(o) + "=" + std::to_string(orientations[o]) + " ";
    }
  }
  for (const auto count : bands) text += "band=" + std::to_string(count) + " ";
  return text;
}

std::string described(const CatalogueFacets& facets) {
  std::string text;
  for (const auto& category : facets.categories) {
    text += category.url_name + "=" + std::to_string(category.count) + " ";
  }
  for (const auto& style : facets.styles) {
    text += "style" + std::to_string(static_cast<int>(style.value)) + "=" +
            std::to_string(style.count) + " ";
  }
  for (const auto& orientation : facets.orientations) {
    text += "orientation" + std::to_string(static_cast<int>(orientation.value)) + "=" +
            std::to_string(orientation.count) + " ";
  }
  for (const auto count : facets.price_bands) text += "band=" + std::to_string(count) + " ";
  return text;
}

// Enough offers and prices that the snapshot's price buckets each hold several prices, so
// that price bounds and band starts cut through buckets; a crowd of offers at one price; and
// offers of a category the shop does not know.
TEST(CatalogueSnapshot, AnswersEveryCombinationOfFiltersAndFacetsAsAFullScanWouldAlsoAfterPatches) {
  std::mt19937 random(7);
  const auto pick = [&](int n) { return static_cast<int>(random() % static_cast<unsigned>(n)); };
  const auto random_offer = [&](std::int64_t id) {
    return offer({.id = id,
                  .created = pick(500),
                  .price = pick(5) == 0 ? 1500 : std::int64_t{1} + pick(4000),
                  .style = kAllArtStyles[static_cast<std::size_t>(pick(4))],
                  .orientation = static_cast<Orientation>(pick(3)),
                  .category = pick(20) == 0 ? std::string("unknown")
                                            : kCategories[static_cast<std::size_t>(pick(3))],
                  .status = pick(10) == 0 ? OfferStatus::SoldOut : OfferStatus::Active});
  };
  constexpr int kOffers = 3000;
  std::vector<std::shared_ptr<const Offer>> offers;
  for (std::int64_t id = 1; id <= kOffers; ++id) offers.push_back(random_offer(id));
  auto shop = CatalogueSnapshot(offers, kCategories, 1);

  for (int round = 0; round < 5; ++round) {
    for (int query = 0; query < 300; ++query) {
      OfferSearch search{.sort = static_cast<OfferSort>(pick(3)),
                         .offset = pick(3) == 0 ? pick(1500) : pick(40),
                         .limit = pick(30),
                         .facets = true};
      if (pick(2) == 0) search.style = kAllArtStyles[static_cast<std::size_t>(pick(4))];
      if (pick(3) == 0) search.orientation = static_cast<Orientation>(pick(3));
      if (pick(3) == 0) search.category = kCategories[static_cast<std::size_t>(pick(3))];
      if (pick(2) == 0) search.min_price_eur_cents = pick(4200);
      if (pick(2) == 0) search.max_price_eur_cents = pick(4200);
      // The euro bands, or bands starting anywhere, as other currencies' do.
      if (pick(2) == 0) {
        search.price_band_starts = {0, 1000, 2500};
      } else {
        for (std::int64_t start = pick(300); start < 4500; start += 1 + pick(1500)) {
          search.price_band_starts.push_back(start);
        }
      }
      const auto expected = by_brute_force(offers, search);
      const auto found = shop.search(search);
      ASSERT_EQ(found.total, expected.total) << "round " << round << ", query " << query;
      ASSERT_EQ(ids(found.items), ids(expected.items)) << "round " << round << ", query " << query;
      ASSERT_EQ(described(found.facets), facets_by_brute_force(offers, search))
          << "round " << round << ", query " << query;
    }
    // Some offers change, some go, some arrive.
    std::vector<OfferId> changed;
    std::vector<std::shared_ptr<const Offer>> fresh;
    for (int change = 0; change < 200; ++change) {
      const auto id = std::int64_t{1} + pick(kOffers + kOffers / 10);
      changed.push_back(OfferId{id});
      std::erase_if(offers, [id](const auto& o) { return o->id.value == id; });
      std::erase_if(fresh, [id](const auto& o) { return o->id.value == id; });
      if (pick(4) != 0) {
        fresh.push_back(random_offer(id));
        offers.push_back(fresh.back());
      }
    }
    shop = shop.patched(changed, fresh, round + 2);
  }
}

}  // namespace
}  // namespace artshop
