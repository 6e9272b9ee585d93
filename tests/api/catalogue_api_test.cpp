// The catalogue calls and /media against the real server, on a seeded test catalogue.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <zlib.h>

#include <array>
#include <boost/json.hpp>
#include <stdexcept>
#include <string_view>
#include <thread>

#include "support/catalogue_fixture.hpp"
#include "support/eventually.hpp"
#include "support/http_client.hpp"
#include "support/server_process.hpp"
#include "support/temp_dir.hpp"

namespace artshop::testing {
namespace {

namespace json = boost::json;
using ::testing::HasSubstr;

// A gzip stream inflated by zlib, independently of how the server made it; throws unless the
// bytes are exactly one whole stream.
std::string gunzip(std::string_view gzipped) {
  z_stream stream{};
  if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK) throw std::runtime_error("inflateInit2");
  // zlib's interface predates const: it only reads the input.
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(gzipped.data()));
  stream.avail_in = static_cast<uInt>(gzipped.size());
  std::string inflated;
  std::array<char, 16384> chunk{};
  int status = Z_OK;
  while (status == Z_OK) {
    stream.next_out = reinterpret_cast<Bytef*>(chunk.data());
    stream.avail_out = static_cast<uInt>(chunk.size());
    status = inflate(&stream, Z_NO_FLUSH);
    inflated.append(chunk.data(), chunk.size() - stream.avail_out);
  }
  const bool whole = status == Z_STREAM_END && stream.avail_in == 0;
  inflateEnd(&stream);
  if (!whole) throw std::runtime_error("not one whole gzip stream");
  return inflated;
}

class CatalogueApi : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    data = new TempDir();
    copy_seeded_catalogue(data->path());
    server = new ServerProcess({.env = {{"ARTSHOP_DATA_DIR", data->path().string()}}});
    // The catalogue is already seeded, so the server is ready at once.
    eventually([] { return get(server->url("/readyz")).status == 200; }, std::chrono::seconds(10));
  }
  static void TearDownTestSuite() {
    delete server;
    delete data;
  }

  static json::object get_json(const std::string& path_and_query, long expected_status = 200) {
    const auto response = get(server->url(path_and_query));
    EXPECT_EQ(response.status, expected_status) << path_and_query << ": " << response.body;
    return json::parse(response.body).as_object();
  }

  static json::array items(const std::string& path_and_query) {
    return get_json(path_and_query).at("items").as_array();
  }

  static bool has_error(const json::object& body, std::string_view field) {
    return body.contains("errors") && body.at("errors").as_object().contains(field);
  }

  static std::int64_t minor_units(const json::value& offer) {
    return offer.at("price").at("minorUnits").as_int64();
  }

  static inline TempDir* data = nullptr;
  static inline ServerProcess* server = nullptr;
};

TEST_F(CatalogueApi, TheSeededShopIsReadyAndCoversEveryStyleCategoryAndOrientation) {
  EXPECT_EQ(get(server->url("/readyz")).status, 200);
  const auto all = items("/api/offers?Currency=EUR&PageSize=96");
  EXPECT_EQ(std::ssize(all), kFixtureOffers);
  std::set<std::string> styles, categories, orientations;
  for (const auto& offer : all) {
    styles.emplace(offer.at("style").as_string());
    categories.emplace(offer.at("category").as_string());
    orientations.emplace(offer.at("orientation").as_string());
  }
  EXPECT_EQ(styles.size(), 11U);
  EXPECT_EQ(categories.size(), 10U);
  EXPECT_EQ(orientations.size(), 3U);
}

TEST_F(CatalogueApi, Offers_PageWithTotalsAndAnEmptyPagePastTheEnd) {
  const auto page = get_json("/api/offers?Currency=EUR&PageSize=5&Page=2");
  EXPECT_EQ(page.at("items").as_array().size(), 5U);
  EXPECT_EQ(page.at("total").as_int64(), kFixtureOffers);
  EXPECT_EQ(page.at("page").as_int64(), 2);
  EXPECT_EQ(page.at("pageSize").as_int64(), 5);
  const auto past = get_json("/api/offers?Currency=EUR&Page=99");
  EXPECT_TRUE(past.at("items").as_array().empty());
  EXPECT_EQ(past.at("total").as_int64(), kFixtureOffers);
}

TEST_F(CatalogueApi, Offers_SortByNewestAndByLowestPriceBothWays) {
  const auto newest = items("/api/offers?Currency=EUR&PageSize=96");
  for (std::size_t i = 1; i < newest.size(); ++i) {
    EXPECT_GE(newest[i - 1].at("createdAt").as_string(), newest[i].at("createdAt").as_string());
  }
  const auto cheap_first = items("/api/offers?Currency=EUR&Sort=LowToHigh&PageSize=96");
  const auto dear_first = items("/api/offers?Currency=EUR&sort=hightolow&PageSize=96");
  for (std::size_t i = 1; i < cheap_first.size(); ++i) {
    EXPECT_LE(minor_units(cheap_first[i - 1]), minor_units(cheap_first[i]));
    EXPECT_GE(minor_units(dear_first[i - 1]), minor_units(dear_first[i]));
  }
}

TEST_F(CatalogueApi, Offers_FilterByOrientationStyleCategoryAndSearch) {
  for (const char* orientation : {"Vertical", "Horizontal", "Square"}) {
    const auto found =
        items(std::string("/api/offers?Currency=EUR&PageSize=96&Orientation=") + orientation);
    EXPECT_FALSE(found.empty()) << orientation;
    for (const auto& offer : found) EXPECT_EQ(offer.at("orientation").as_string(), orientation);
  }
  const auto anime = items("/api/offers?Currency=EUR&Style=Anime");
  ASSERT_FALSE(anime.empty());
  for (const auto& offer : anime) EXPECT_EQ(offer.at("style").as_string(), "Anime");
  const auto space = items("/api/offers?Currency=EUR&Category=space");
  ASSERT_FALSE(space.empty());
  for (const auto& offer : space) EXPECT_EQ(offer.at("category").as_string(), "space");
  const std::string title(anime[0].at("title").as_string());
  const auto word = title.substr(0, title.find(' '));
  const auto searched = items("/api/offers?Currency=EUR&Search=" + word);
  EXPECT_TRUE(std::ranges::any_of(
      searched, [&](const json::value& offer) { return offer.at("title").as_string() == title; }));
}

TEST_F(CatalogueApi, Offers_FilterByPriceInTheDisplayCurrencyInclusively) {
  const auto all = items("/api/offers?Currency=JPY&Sort=LowToHigh&PageSize=96");
  const auto low = minor_units(all[3]);
  const auto high = minor_units(all[10]);
  const auto ranged = items("/api/offers?Currency=JPY&PageSize=96&From=" + std::to_string(low) +
                            "&To=" + std::to_string(high));
  std::size_t expected = 0;
  for (const auto& offer : all) expected += minor_units(offer) >= low && minor_units(offer) <= high;
  EXPECT_EQ(ranged.size(), expected);
  for (const auto& offer : ranged) {
    EXPECT_GE(minor_units(offer), low);
    EXPECT_LE(minor_units(offer), high);
  }
}

TEST_F(CatalogueApi, Offers_PricesInYenAreWholeAndInEurosHaveCents) {
  const auto yen = items("/api/offers?Currency=JPY&PageSize=3");
  for (const auto& offer : yen) {
    EXPECT_EQ(offer.at("price").at("currency").as_string(), "JPY");
    EXPECT_EQ(std::string(offer.at("price").at("amount").as_string()).find('.'), std::string::npos);
  }
  const auto euros = items("/api/offers?Currency=EUR&PageSize=3");
  const std::string amount(euros[0].at("price").at("amount").as_string());
  EXPECT_EQ(amount.size() - amount.find('.'), 3U) << amount;
}

TEST_F(CatalogueApi, Offers_AnswerEveryBadParameterWithAFieldMap) {
  const auto body = get_json(
      "/api/offers?Currency=XYZ&Sort=Cheapest&Orientation=Diagonal&Style=Baroque&From=-1&"
      "PageSize=97&Page=0",
      400);
  for (const char* field :
       {"Currency", "Sort", "Orientation", "Style", "From", "PageSize", "Page"}) {
    EXPECT_TRUE(has_error(body, field)) << field;
  }
  EXPECT_TRUE(has_error(get_json("/api/offers?Currency=EUR&From=50&To=10", 400), "To"));
  EXPECT_TRUE(has_error(get_json("/api/offers", 400), "Currency"));
  EXPECT_TRUE(has_error(get_json("/api/offers?Currency=JPY&From=10.5", 400), "From"));
  EXPECT_TRUE(has_error(get_json("/api/offers?Currency=EUR&Category=nowhere", 400), "Category"));
}

TEST_F(CatalogueApi, Latest_AnswersTheTwelveNewest) {
  const auto latest = items("/api/offers/latest?Currency=USD");
  ASSERT_EQ(latest.size(), 12U);
  const auto newest = items("/api/offers?Currency=USD&PageSize=12");
  for (std::size_t i = 0; i < 12; ++i) EXPECT_EQ(latest[i].at("urlName"), newest[i].at("urlName"));
  EXPECT_TRUE(has_error(get_json("/api/offers/latest", 400), "Currency"));
}

TEST_F(CatalogueApi, GetOne_AnswersAnOfferWithItsAttributesOrA404) {
  const auto first = items("/api/offers?Currency=EUR&Style=Watercolor")[0];
  const std::string url_name(first.at("urlName").as_string());
  const auto offer = get_json("/api/offers/get-one?UrlName=" + url_name + "&Currency=GBP");
  EXPECT_EQ(offer.at("title"), first.at("title"));
  const auto& attributes = offer.at("attributes").as_array();
  ASSERT_EQ(attributes.size(), 3U);
  EXPECT_EQ(attributes[0].at("longEdge").as_int64(), 1920);
  EXPECT_EQ(attributes[2].at("licence").as_string(), "Commercial");
  EXPECT_EQ(attributes[0].at("price").at("currency").as_string(), "GBP");

  const auto exclusive = items("/api/offers?Currency=EUR&Style=Exclusive")[0];
  const auto single =
      get_json("/api/offers/get-one?UrlName=" + std::string(exclusive.at("urlName").as_string()) +
               "&Currency=EUR");
  ASSERT_EQ(single.at("attributes").as_array().size(), 1U);
  EXPECT_EQ(single.at("attributes").as_array()[0].at("licence").as_string(), "ExclusiveCommercial");

  get_json("/api/offers/get-one?UrlName=no-such-picture&Currency=EUR", 404);
  EXPECT_TRUE(has_error(get_json("/api/offers/get-one?Currency=EUR", 400), "UrlName"));
}

TEST_F(CatalogueApi, OfferCalls_TheSameQuestionInTwoCurrenciesGetsAnAnswerInEach) {
  const auto url_name =
      std::string(items("/api/offers?Currency=EUR&PageSize=1")[0].at("urlName").as_string());
  for (const std::string& question :
       {std::string("/api/offers?Sort=LowToHigh&PageSize=5&Currency="),
        std::string("/api/offers/latest?Currency="),
        "/api/offers/get-one?UrlName=" + url_name + "&Currency="}) {
    const auto euros = get(server->url(question + "EUR"));
    const auto yen = get(server->url(question + "JPY"));
    const auto euros_again = get(server->url(question + "EUR"));
    ASSERT_EQ(yen.status, 200) << question << ": " << yen.body;
    const auto yen_body = json::parse(yen.body);
    const auto* page = yen_body.as_object().if_contains("items");
    const auto& offer = page != nullptr ? page->as_array().at(0) : yen_body;
    EXPECT_EQ(offer.at("price").at("currency").as_string(), "JPY") << question;
    EXPECT_NE(euros.body, yen.body) << question;
    EXPECT_EQ(euros_again.body, euros.body) << question;
  }
}

TEST_F(CatalogueApi, OfferCalls_AClientThatAcceptsGzipGetsTheSameAnswerGzippedEveryTime) {
  const auto url_name =
      std::string(items("/api/offers?Currency=EUR&PageSize=1")[0].at("urlName").as_string());
  // Questions no other test asks, so the first answer is made here and the second is kept.
  for (const auto& question :
       {std::string("/api/offers?Currency=GBP&Sort=HighToLow&PageSize=7&Page=2"),
        std::string("/api/offers/latest?Currency=CHF"),
        "/api/offers/get-one?UrlName=" + url_name + "&Currency=CHF"}) {
    const auto gzipped = get(server->url(question), {{"Accept-Encoding", "gzip, deflate, br"}});
    const auto gzipped_again = get(server->url(question), {{"Accept-Encoding", "gzip"}});
    const auto plain = get(server->url(question));
    ASSERT_EQ(gzipped.status, 200) << question << ": " << gzipped.body;
    ASSERT_EQ(plain.status, 200) << question << ": " << plain.body;
    EXPECT_EQ(gzipped.header("Content-Encoding"), "gzip") << question;
    EXPECT_EQ(gzipped.header("Content-Type"), "application/json; charset=utf-8") << question;
    EXPECT_THAT(gzipped.header("Vary"), HasSubstr("Accept-Encoding")) << question;
    EXPECT_EQ(gunzip(gzipped.body), plain.body) << question;
    EXPECT_LT(gzipped.body.size(), plain.body.size()) << question;
    EXPECT_EQ(gzipped_again.header("Content-Encoding"), "gzip") << question;
    EXPECT_EQ(gzipped_again.body, gzipped.body) << question;
    EXPECT_FALSE(plain.has_header("Content-Encoding")) << question;
    EXPECT_THAT(plain.header("Vary"), HasSubstr("Accept-Encoding")) << question;
  }
}

TEST_F(CatalogueApi, OfferCalls_AClientThatRefusesGzipOrNamesNoCodingGetsThePlainAnswer) {
  const std::string question = "/api/offers/latest?Currency=EUR";
  const auto plain = get(server->url(question));
  ASSERT_EQ(plain.status, 200) << plain.body;
  EXPECT_FALSE(plain.has_header("Content-Encoding"));
  for (const std::string_view refusal : {"gzip;q=0", "br", "identity", "*;q=0", "gzip;q=0, *"}) {
    const auto answer = get(server->url(question), {{"Accept-Encoding", std::string(refusal)}});
    EXPECT_FALSE(answer.has_header("Content-Encoding")) << refusal;
    EXPECT_EQ(answer.body, plain.body) << refusal;
    EXPECT_THAT(answer.header("Vary"), HasSubstr("Accept-Encoding")) << refusal;
  }
  for (const std::string_view acceptance : {"*", "br, GZIP;q=0.5", "x-gzip"}) {
    const auto answer = get(server->url(question), {{"Accept-Encoding", std::string(acceptance)}});
    EXPECT_EQ(answer.header("Content-Encoding"), "gzip") << acceptance;
    EXPECT_EQ(gunzip(answer.body), plain.body) << acceptance;
  }
}

TEST_F(CatalogueApi, OfferCalls_AHeadRequestGetsTheHeadersOfTheGzippedAnswer) {
  const std::string question = "/api/offers?Currency=EUR&PageSize=12";
  const RequestHeaders accepts_gzip{{"Accept-Encoding", "gzip"}};
  const auto full = get(server->url(question), accepts_gzip);
  const auto head = request("HEAD", server->url(question), {}, accepts_gzip);
  ASSERT_EQ(head.status, 200);
  EXPECT_EQ(head.header("Content-Encoding"), "gzip");
  EXPECT_EQ(head.header("Vary"), full.header("Vary"));
  EXPECT_EQ(head.header("Content-Length"), std::to_string(full.body.size()));
  EXPECT_TRUE(head.body.empty());
}

TEST_F(CatalogueApi, OfferCalls_SmallAnswersAndErrorsAreNeverGzipped) {
  const RequestHeaders accepts_gzip{{"Accept-Encoding", "gzip"}};
  // A search that finds nothing: no items and no facet counts (a page past the end still
  // counts the facets of everything before it).
  const auto nothing = get(server->url("/api/offers?Currency=EUR&Search=zzqqxxjj"), accepts_gzip);
  ASSERT_EQ(nothing.status, 200);
  EXPECT_LT(nothing.body.size(), 1024U) << nothing.body;
  EXPECT_FALSE(nothing.has_header("Content-Encoding"));
  EXPECT_TRUE(json::parse(nothing.body).at("items").as_array().empty());
  EXPECT_THAT(nothing.header("Vary"), HasSubstr("Accept-Encoding"));

  const auto bad_currency = get(server->url("/api/offers?Currency=XYZ"), accepts_gzip);
  EXPECT_EQ(bad_currency.status, 400);
  EXPECT_FALSE(bad_currency.has_header("Content-Encoding"));
  EXPECT_TRUE(json::parse(bad_currency.body).as_object().contains("errors"));
  const auto missing =
      get(server->url("/api/offers/get-one?UrlName=no-such-picture&Currency=EUR"), accepts_gzip);
  EXPECT_EQ(missing.status, 404);
  EXPECT_FALSE(missing.has_header("Content-Encoding"));
}

TEST_F(CatalogueApi, Categories_ListTheTenWithCountsOfTheirOffers) {
  const auto categories = items("/api/categories");
  ASSERT_EQ(categories.size(), 10U);
  std::int64_t total = 0;
  for (const auto& category : categories) total += category.at("offerCount").as_int64();
  EXPECT_EQ(total, kFixtureOffers);
}

TEST_F(CatalogueApi, Media_ServesPicturesForeverCacheableWithEtagAndRanges) {
  const auto offer = items("/api/offers?Currency=EUR&PageSize=1")[0];
  const std::string thumbnail(offer.at("thumbnail").at("webp").as_string());
  const auto picture = get(server->url(thumbnail));
  ASSERT_EQ(picture.status, 200);
  EXPECT_EQ(picture.header("Content-Type"), "image/webp");
  EXPECT_EQ(picture.header("Cache-Control"), "public, max-age=31536000, immutable");
  EXPECT_EQ(picture.body.substr(8, 4), "WEBP");
  const auto again = get(server->url(thumbnail), {{"If-None-Match", picture.header("ETag")}});
  EXPECT_EQ(again.status, 304);
  const auto part = get(server->url(thumbnail), {{"Range", "bytes=0-11"}});
  EXPECT_EQ(part.status, 206);
  EXPECT_EQ(part.body.size(), 12U);
  const std::string jpeg(offer.at("preview").at("jpeg").as_string());
  EXPECT_EQ(get(server->url(jpeg)).header("Content-Type"), "image/jpeg");
}

TEST_F(CatalogueApi, Media_NeverServesWhatIsOutsideThePublicFolder) {
  EXPECT_EQ(get(server->url("/media/no/such.webp")).status, 404);
  EXPECT_EQ(get(server->url("/media/../artshop.db")).status, 404);
  EXPECT_EQ(get(server->url("/media/%2e%2e/artshop.db")).status, 404);
  EXPECT_EQ(get(server->url("/media/..%2fjwt-signing.key")).status, 404);
  const auto originals = get(server->url("/originals/x.png"));
  EXPECT_EQ(originals.status, 404) << "no route leads to the private originals";
  EXPECT_EQ(originals.body.find("PNG"), std::string::npos);
}

}  // namespace
}  // namespace artshop::testing
