// Catalogue search on the real server (docs/catalogue.md, "Search"), on the shop's default
// seeded catalogue of 132 offers: the judged queries of bench/search-judged.json find their
// offers first, relevance is the order when searching, facets count what each filter would
// answer, "did you mean" and the matched words, suggestions as a shopper types, related
// pictures (never a sold exclusive), and bad input refused by its rule, never a 500.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "artshop/core/text.hpp"
#include "shop_api.hpp"
#include "support/catalogue_fixture.hpp"
#include "support/eventually.hpp"
#include "support/http_client.hpp"
#include "support/server_process.hpp"
#include "support/temp_dir.hpp"

namespace artshop::testing {
namespace {

namespace json = boost::json;
using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::Not;

constexpr int kSeededOffers = 132;  // the shop's default catalogue, which the judged set is over
constexpr std::string_view kSearchTooLong = "Search must be at most 200 characters.";
constexpr std::string_view kUnpairedQuote = "Close the quotation mark or remove it.";
constexpr std::string_view kPrefixTooLong = "Prefix must be at most 200 characters.";

std::string encoded(std::string_view text) {
  return text::percent_encode(text);
}

std::vector<std::string> url_names(const json::array& offers) {
  std::vector<std::string> names;
  for (const auto& offer : offers) names.emplace_back(offer.at("urlName").as_string());
  return names;
}

class SearchApi : public ::testing::Test {
 protected:
  // One server on a freshly seeded default catalogue for the suite; the tests only read it.
  static void SetUpTestSuite() {
    data = new TempDir();
    copy_seeded_catalogue(data->path(), kSeededOffers);
    server = new ServerProcess({.env = {{"ARTSHOP_DATA_DIR", data->path().string()}}});
    ASSERT_TRUE(eventually([] { return get(server->url("/readyz")).status == 200; }));
  }
  static void TearDownTestSuite() {
    delete server;
    delete data;
  }

  static HttpResponse ask(const std::string& path_and_query) {
    const auto response = get(server->url(path_and_query));
    EXPECT_NE(response.status, 500) << path_and_query << ": " << response.body;
    return response;
  }
  static json::object answer(const std::string& path_and_query) {
    const auto response = ask(path_and_query);
    EXPECT_EQ(response.status, 200) << path_and_query << ": " << response.body;
    if (response.status != 200) return {};
    return json::parse(response.body).as_object();
  }
  // GET /api/offers in euros with `query` (already encoded parameters, without Currency).
  static json::object listing(const std::string& query) {
    return answer("/api/offers?Currency=EUR&" + query);
  }
  static json::object search(std::string_view words, const std::string& more = "") {
    return listing("Search=" + encoded(words) + more);
  }

  static inline TempDir* data = nullptr;
  static inline ServerProcess* server = nullptr;
};

// The judged queries: the offers each must find are among its first five results, and a
// query whose every word is not in the catalogue finds nothing.
TEST_F(SearchApi, EveryJudgedQueryFindsItsOffersAmongTheFirstFive) {
  std::ifstream file(std::string(ARTSHOP_SOURCE_DIR) + "/bench/search-judged.json");
  ASSERT_TRUE(file) << "bench/search-judged.json";
  std::stringstream text;
  text << file.rdbuf();
  const auto judged = json::parse(text.str()).as_array();
  ASSERT_GE(judged.size(), 20U);
  for (const auto& entry : judged) {
    const std::string query(entry.at("query").as_string());
    const auto page = search(query, "&PageSize=5");
    if (page.empty()) continue;
    const auto found = url_names(page.at("items").as_array());
    const auto& expected = entry.at("expect").as_array();
    if (expected.empty()) {
      EXPECT_EQ(page.at("total").as_int64(), 0) << query << " (" << entry.at("note") << ")";
    }
    for (const auto& name : expected) {
      EXPECT_THAT(found, Contains(std::string(name.as_string())))
          << "\"" << query << "\" (" << entry.at("note").as_string() << ")";
    }
  }
}

// The issue's own examples, by what a shopper typed.
TEST_F(SearchApi, PluralsAccentsWordOrderAndATypoFindThePicture) {
  for (const auto* query : {"cathedrals", "frozen cathédrale", "blue owl", "wnadering owl"}) {
    EXPECT_GT(search(query).at("total").as_int64(), 0) << query;
  }
  EXPECT_THAT(url_names(search("blue owl").at("items").as_array()),
              Contains("wandering-owl-in-blue"));
}

TEST_F(SearchApi, RelevanceIsTheOrderWhenSearching_NewestFirstOtherwise) {
  const auto by_default = ask("/api/offers?Currency=EUR&Search=owl");
  const auto by_relevance = ask("/api/offers?Currency=EUR&Search=owl&Sort=Relevance");
  const auto newest = ask("/api/offers?Currency=EUR&Search=owl&Sort=NewToOld");
  EXPECT_EQ(by_default.body, by_relevance.body);
  EXPECT_NE(by_default.body, newest.body) << "a title holding the word before a tag holding it";
  // Without a word to rank by, relevance is the newest first, as the default.
  EXPECT_EQ(ask("/api/offers?Currency=EUR&Sort=Relevance").body,
            ask("/api/offers?Currency=EUR").body);
  EXPECT_EQ(ask("/api/offers?Currency=EUR&Sort=Relevance").body,
            ask("/api/offers?Currency=EUR&Sort=NewToOld").body);
}

// Each facet counts the offers the listing would answer with its value chosen instead of the
// facet's own filter, every other filter kept: exactly the total of that listing.
TEST_F(SearchApi, FacetsCountWhatEachChoiceWouldList_IgnoringTheirOwnFilter) {
  // A search narrowed by an orientation and a style.
  const auto query = [](std::string_view orientation, std::string_view style) {
    return "Search=winter&Orientation=" + std::string(orientation) + "&Style=" + std::string(style);
  };
  const std::string base = query("Horizontal", "Anime");
  const auto page = listing(base);
  ASSERT_FALSE(page.empty());
  const auto& facets = page.at("facets").as_object();

  const auto total_with = [&](const std::string& asked) {
    const auto other = listing(asked);
    return other.empty() ? -1 : other.at("total").as_int64();
  };
  for (const auto& entry : facets.at("styles").as_array()) {
    const std::string style(entry.at("value").as_string());
    EXPECT_EQ(entry.at("count").as_int64(), total_with(query("Horizontal", style))) << style;
    EXPECT_GT(entry.at("count").as_int64(), 0) << "a count of 0 is left out";
  }
  EXPECT_GT(facets.at("styles").as_array().size(), 1U)
      << "with Style=Anime chosen, the styles facet still counts the other styles";
  for (const auto& entry : facets.at("orientations").as_array()) {
    const std::string orientation(entry.at("value").as_string());
    EXPECT_EQ(entry.at("count").as_int64(), total_with(query(orientation, "Anime"))) << orientation;
  }
  std::int64_t in_categories = 0;
  std::vector<std::string> titles;
  for (const auto& entry : facets.at("categories").as_array()) {
    const std::string category(entry.at("value").as_string());
    EXPECT_EQ(entry.at("count").as_int64(), total_with(base + "&Category=" + category)) << category;
    in_categories += entry.at("count").as_int64();
    titles.emplace_back(entry.at("title").as_string());
  }
  EXPECT_EQ(in_categories, page.at("total").as_int64()) << "every offer is in one category";
  EXPECT_TRUE(std::ranges::is_sorted(titles)) << "categories sorted by title";
  // A price band's bounds are usable verbatim as From and To.
  std::int64_t in_bands = 0;
  for (const auto& band : facets.at("prices").as_array()) {
    std::string range = "&From=" + std::string(band.at("from").at("amount").as_string());
    if (!band.at("to").is_null()) {
      range += "&To=" + std::string(band.at("to").at("amount").as_string());
    }
    EXPECT_EQ(band.at("count").as_int64(), total_with(base + range)) << range;
    in_bands += band.at("count").as_int64();
  }
  EXPECT_EQ(in_bands, page.at("total").as_int64()) << "the bands cover every price once";
}

TEST_F(SearchApi, FacetsAreThereWithoutASearch_InTheDisplayCurrency) {
  const auto page = answer("/api/offers?Currency=JPY");
  ASSERT_FALSE(page.empty());
  const auto& facets = page.at("facets").as_object();
  std::int64_t in_styles = 0;
  for (const auto& entry : facets.at("styles").as_array())
    in_styles += entry.at("count").as_int64();
  EXPECT_EQ(in_styles, kSeededOffers);
  const auto& bands = facets.at("prices").as_array();
  ASSERT_FALSE(bands.empty());
  EXPECT_EQ(bands[0].at("from").at("currency").as_string(), "JPY");
  EXPECT_TRUE(bands.back().at("to").is_null()) << "the last band is open";
  EXPECT_THAT(page.at("matchedWords").as_array(), IsEmpty());
  EXPECT_TRUE(page.at("didYouMean").is_null());
}

TEST_F(SearchApi, AQueryThatFindsNothingOffersTheCloseSpellingThatWould) {
  const auto typo = search("wofl");  // four letters: too short for a typo to be forgiven
  EXPECT_EQ(typo.at("total").as_int64(), 0);
  EXPECT_EQ(typo.at("didYouMean"), json::value("wolf"));
  EXPECT_GT(search(std::string(typo.at("didYouMean").as_string())).at("total").as_int64(), 0);
  EXPECT_TRUE(search("wolf").at("didYouMean").is_null()) << "only when nothing is found";
  EXPECT_TRUE(search("qqqqzzzz").at("didYouMean").is_null()) << "nothing close either";
}

TEST_F(SearchApi, MatchedWordsAreTheFoldedWordsOfThePageTheQueryFound) {
  const auto page = search("OWL blu", "&PageSize=5");
  ASSERT_FALSE(page.empty());
  std::set<std::string> words;
  for (const auto& word : page.at("matchedWords").as_array()) words.emplace(word.as_string());
  EXPECT_THAT(words, Contains("owl"));
  EXPECT_THAT(words, Contains("blue")) << "the last word as a prefix";
  const auto accented = search("cathédrale", "&PageSize=5");
  EXPECT_THAT(accented.at("matchedWords").as_array(), Contains(json::value("cathedral")));
}

TEST_F(SearchApi, SuggestionsListTitlesThenTags_AtMostEight) {
  const auto answered = answer("/api/offers/suggest?Currency=EUR&Prefix=" + encoded("owl"));
  ASSERT_FALSE(answered.empty());
  const auto& suggestions = answered.at("suggestions").as_array();
  ASSERT_FALSE(suggestions.empty());
  EXPECT_LE(suggestions.size(), 8U);
  bool tags_started = false;
  std::size_t titles = 0;
  for (const auto& suggestion : suggestions) {
    const std::string kind(suggestion.at("kind").as_string());
    if (kind == "tag") {
      tags_started = true;
      continue;
    }
    ASSERT_EQ(kind, "title");
    EXPECT_FALSE(tags_started) << "titles come first";
    ++titles;
    EXPECT_THAT(std::string(suggestion.at("text").as_string()), ::testing::HasSubstr("Owl"));
    EXPECT_EQ(suggestion.at("price").at("currency").as_string(), "EUR");
    EXPECT_EQ(ask("/api/offers/get-one?Currency=EUR&UrlName=" +
                  std::string(suggestion.at("urlName").as_string()))
                  .status,
              200);
  }
  EXPECT_GE(titles, 1U);
  EXPECT_LE(titles, 5U);
  const auto typed = answer("/api/offers/suggest?Currency=EUR&Prefix=" + encoded("owl blu"));
  EXPECT_EQ(typed.at("suggestions").as_array().at(0).at("text"),
            json::value("Wandering Owl in Blue"));

  for (const auto* nothing : {"", "%3F%21"}) {
    EXPECT_EQ(
        json::serialize(answer(std::string("/api/offers/suggest?Currency=EUR&Prefix=") + nothing)),
        R"({"suggestions":[]})")
        << nothing;
  }
}

TEST_F(SearchApi, RelatedPicturesShareTagsStyleOrCategory_NeverThePictureItself) {
  const std::string name = "wandering-owl-in-blue";
  const auto offer = answer("/api/offers/get-one?Currency=EUR&UrlName=" + name);
  const auto related = answer("/api/offers/related?Currency=EUR&UrlName=" + name);
  ASSERT_FALSE(related.empty());
  const auto& items = related.at("items").as_array();
  ASSERT_FALSE(items.empty());
  EXPECT_LE(items.size(), 8U);
  EXPECT_THAT(url_names(items), Not(Contains(name)));
  std::set<std::string> tags;
  for (const auto& tag : offer.at("tags").as_array()) tags.emplace(tag.as_string());
  for (const auto& item : items) {
    bool shares =
        item.at("style") == offer.at("style") || item.at("category") == offer.at("category");
    for (const auto& tag : item.at("tags").as_array()) {
      shares = shares || tags.contains(std::string(tag.as_string()));
    }
    EXPECT_TRUE(shares) << item.at("urlName");
    EXPECT_EQ(item.at("status").as_string(), "Active") << item.at("urlName");
    EXPECT_EQ(item.at("price").at("currency").as_string(), "EUR");
  }
  EXPECT_EQ(ask("/api/offers/related?Currency=EUR&UrlName=no-such-picture").status, 404);
  EXPECT_EQ(ask("/api/offers/related?UrlName=" + name).status, 400) << "Currency is required";
}

TEST_F(SearchApi, BadSearchesAreRefusedByTheirRule_OrFindNothing) {
  const auto too_long = ask("/api/offers?Currency=EUR&Search=" + std::string(201, 'a'));
  EXPECT_EQ(too_long.status, 400);
  EXPECT_THAT(field_errors(too_long, "Search"), ElementsAre(kSearchTooLong));
  EXPECT_EQ(ask("/api/offers?Currency=EUR&Search=" + std::string(200, 'a')).status, 200)
      << "200 characters are allowed";
  const auto unpaired = ask("/api/offers?Currency=EUR&Search=" + encoded("\"frozen cathedral"));
  EXPECT_EQ(unpaired.status, 400);
  EXPECT_THAT(field_errors(unpaired, "Search"), ElementsAre(kUnpairedQuote));
  const auto punctuation = search("?!");
  EXPECT_THAT(punctuation.at("items").as_array(), IsEmpty());
  EXPECT_EQ(punctuation.at("total").as_int64(), 0);
  EXPECT_EQ(search("   ").at("total").as_int64(), kSeededOffers) << "spaces alone: no search";
  // Quoted words match only as written: no stem, prefix or typo.
  EXPECT_GT(search("\"cathedral\"").at("total").as_int64(), 0);
  EXPECT_EQ(search("\"cathedrals\"").at("total").as_int64(), 0);
  const auto prefix = ask("/api/offers/suggest?Currency=EUR&Prefix=" + std::string(201, 'a'));
  EXPECT_EQ(prefix.status, 400);
  EXPECT_THAT(field_errors(prefix, "Prefix"), ElementsAre(kPrefixTooLong));
}

// A sold exclusive leaves every related list it was in, on its buyer's server at once.
TEST(SearchRelated, AnExclusiveBoughtThroughTheSandboxLeavesTheRelatedPictures) {
  ShopServer shop;
  const auto exclusives = shop.exclusives();
  ASSERT_FALSE(exclusives.empty());
  const auto exclusive = exclusives.front();
  // A picture whose related list holds the exclusive now.
  std::optional<std::string> neighbour;
  std::set<std::string> asked;
  for (const auto& sku : shop.skus()) {
    if (sku.offer_id == exclusive.offer_id || neighbour || !asked.insert(sku.url_name).second) {
      continue;
    }
    const auto related = get(shop.url("/api/offers/related?Currency=EUR&UrlName=" + sku.url_name));
    ASSERT_EQ(related.status, 200) << related.body;
    const auto names = url_names(json::parse(related.body).at("items").as_array());
    if (std::ranges::find(names, exclusive.url_name) != names.end()) neighbour = sku.url_name;
  }
  ASSERT_TRUE(neighbour) << "no picture lists the exclusive as related";

  const auto buyer = shop.sign_up();
  shop.fund_cents(buyer, exclusive.price_cents);
  const auto placed = shop.place_order(buyer, {exclusive}, nullptr, true);
  ASSERT_EQ(placed.status, 200) << placed.body;
  const auto related = get(shop.url("/api/offers/related?Currency=EUR&UrlName=" + *neighbour));
  ASSERT_EQ(related.status, 200) << related.body;
  EXPECT_THAT(url_names(json::parse(related.body).at("items").as_array()),
              Not(Contains(exclusive.url_name)));
}

}  // namespace
}  // namespace artshop::testing
