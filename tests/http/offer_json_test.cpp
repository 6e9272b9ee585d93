// The offer calls write their JSON by hand for speed, and promise the bytes boost::json's
// serializer gives for the same document. Each shape an offer takes is written both ways here
// and the two texts compared byte for byte.
#include "handlers/offer_json.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <chrono>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "handlers/money_json.hpp"

namespace artshop::http::handlers {
namespace {

namespace json = boost::json;
using std::chrono::sys_seconds;

json::string text(std::string_view value) {
  return json::string(value);
}

json::object picture_tree(std::string_view webp, std::string_view jpeg) {
  return {{"webp", "/media/" + std::string(webp)}, {"jpeg", "/media/" + std::string(jpeg)}};
}

// The same offer as a boost::json tree, members in the order the API documents.
json::object offer_tree(const PricedOffer& priced) {
  const auto& offer = *priced.offer;
  json::array tags;
  for (const auto& tag : offer.tags) tags.emplace_back(text(tag));
  json::array attributes;
  for (const auto& [attribute, price] : priced.attributes) {
    attributes.emplace_back(json::object{{"id", attribute.id.value},
                                         {"name", text(attribute.name)},
                                         {"longEdge", attribute.long_edge},
                                         {"licence", text(name(attribute.licence))},
                                         {"price", money_json(price)}});
  }
  return {{"id", offer.id.value},
          {"urlName", text(offer.url_name)},
          {"title", text(offer.title)},
          {"description", text(offer.description)},
          {"category", text(offer.category)},
          {"style", text(name(offer.style))},
          {"orientation", text(name(offer.orientation))},
          {"aspectRatio", text(name(offer.aspect_ratio))},
          {"width", offer.width},
          {"height", offer.height},
          {"tags", std::move(tags)},
          {"createdAt", iso_time(offer.created_at)},
          {"status", text(name(offer.status))},
          {"thumbnail", picture_tree(offer.images.thumbnail_webp, offer.images.thumbnail_jpeg)},
          {"preview", picture_tree(offer.images.preview_webp, offer.images.preview_jpeg)},
          {"price", money_json(priced.lowest_price)},
          {"attributes", std::move(attributes)}};
}

json::array offers_tree(const std::vector<PricedOffer>& offers) {
  json::array items;
  for (const auto& offer : offers) items.emplace_back(offer_tree(offer));
  return items;
}

PricedOffer priced(Offer offer, std::vector<PricedAttribute> attributes, Money lowest) {
  return {.offer = std::make_shared<const Offer>(std::move(offer)),
          .attributes = std::move(attributes),
          .lowest_price = lowest};
}

// A plain offer with no tags and no sizes to buy, priced at nothing, in a currency without
// minor units.
PricedOffer bare_offer() {
  return priced(Offer{.id = OfferId{1},
                      .url_name = "a",
                      .title = "A",
                      .description = "",
                      .category = "",
                      .style = ArtStyle::None,
                      .orientation = Orientation::Square,
                      .aspect_ratio = AspectRatio::R1x1,
                      .width = 0,
                      .height = 0,
                      .tags = {},
                      .created_at = sys_seconds{},
                      .status = OfferStatus::Hidden,
                      .attributes = {},
                      .images = {},
                      .source = {}},
                {}, Money::zero(Currency::JPY));
}

// An offer as the seeded catalogue holds them: tags, three sizes, prices in cents.
PricedOffer seeded_offer() {
  return priced(
      Offer{.id = OfferId{4711},
            .url_name = "quiet-harbour-at-dawn",
            .title = "Quiet harbour at dawn",
            .description = "Boats at rest in a misty harbour, painted in soft morning light.",
            .category = "landscapes",
            .style = ArtStyle::Impressionism,
            .orientation = Orientation::Horizontal,
            .aspect_ratio = AspectRatio::R16x9,
            .width = 7680,
            .height = 4320,
            .tags = {"harbour", "boats", "dawn"},
            .created_at = sys_seconds{std::chrono::seconds{1'795'000'000}},
            .status = OfferStatus::Active,
            .attributes = {},
            .images = {.thumbnail_webp = "3f/a9c2e1.webp",
                       .thumbnail_jpeg = "3f/a9c2e1.jpg",
                       .preview_webp = "b0/77d1.webp",
                       .preview_jpeg = "b0/77d1.jpg"},
            .source = {}},
      {{.attribute = {.id = AttributeId{1},
                      .name = "HD",
                      .long_edge = 1920,
                      .licence = Licence::Personal,
                      .price_eur_cents = 1900},
        .price = Money(1900, Currency::EUR)},
       {.attribute = {.id = AttributeId{2},
                      .name = "4K",
                      .long_edge = 3840,
                      .licence = Licence::Commercial,
                      .price_eur_cents = 4900},
        .price = Money(4900, Currency::EUR)},
       {.attribute = {.id = AttributeId{3},
                      .name = "8K",
                      .long_edge = 7680,
                      .licence = Licence::ExclusiveCommercial,
                      .price_eur_cents = 123'456'789},
        .price = Money(123'456'789, Currency::EUR)}},
      Money(1900, Currency::EUR));
}

// Text that needs every escape JSON has, and text that needs none although it is not ASCII.
PricedOffer offer_with_awkward_text() {
  auto offer = seeded_offer();
  auto changed = *offer.offer;
  changed.id = OfferId{std::numeric_limits<std::int64_t>::max()};
  changed.title = R"(The "quoted" path C:\art\ and </script>)";
  changed.description = "Line one\nline two\r\n\ttabbed \b\f and \x01 \x1f \x7f end";
  changed.category = "Ça, c'est l'art — ☕ 🎨";
  changed.tags = {"", "\"", "\\", "\n", "日本語", "\x1b[31m"};
  changed.url_name = "caf\xc3\xa9";
  offer.offer = std::make_shared<const Offer>(std::move(changed));
  offer.attributes.front().attribute.name = "H\"D\\";
  return offer;
}

void expect_same_bytes(const std::string& written, const json::value& tree) {
  EXPECT_EQ(written, json::serialize(tree));
  // And it parses back to the same document.
  EXPECT_EQ(json::parse(written), tree);
}

TEST(OfferJson, ABareOffer_IsWrittenAsBoostJsonWritesIt) {
  const auto offer = bare_offer();
  expect_same_bytes(offer_json(offer), offer_tree(offer));
}

TEST(OfferJson, ASeededOfferWithTagsAndSizes_IsWrittenAsBoostJsonWritesIt) {
  const auto offer = seeded_offer();
  expect_same_bytes(offer_json(offer), offer_tree(offer));
}

TEST(OfferJson, TextThatNeedsEscapesOrIsNotAscii_IsWrittenAsBoostJsonWritesIt) {
  const auto offer = offer_with_awkward_text();
  expect_same_bytes(offer_json(offer), offer_tree(offer));
}

// Text is looked at eight bytes at a time: an escape at each place of a word and of the bytes
// after the last whole word, in text of every length up to three words.
TEST(OfferJson, AnEscapeAnywhereInTheText_IsWrittenAsBoostJsonWritesIt) {
  for (std::size_t length = 1; length <= 40; ++length) {
    for (std::size_t at = 0; at < length; ++at) {
      for (const char escape : {'"', '\\', '\x01', '\x1f', '\n'}) {
        auto offer = seeded_offer();
        auto changed = *offer.offer;
        changed.title = std::string(length, 'a');
        changed.title[at] = escape;
        changed.images.preview_jpeg = changed.title;
        offer.offer = std::make_shared<const Offer>(std::move(changed));
        SCOPED_TRACE(::testing::Message() << "length " << length << ", at " << at);
        expect_same_bytes(offer_json(offer), offer_tree(offer));
      }
    }
  }
}

// Texts longer than the room first made for an answer (16 KB for one offer), with and without
// escapes: the answer grows as they are written.
TEST(OfferJson, TextsLongerThanTheRoomFirstMade_AreWrittenAsBoostJsonWritesThem) {
  auto offer = seeded_offer();
  auto changed = *offer.offer;
  changed.description = std::string(std::size_t{40} * 1024, 'd');
  changed.title = std::string(std::size_t{20} * 1024, 't') + "\"quoted\"";
  changed.tags = {std::string(std::size_t{70} * 1024, 'g')};
  offer.offer = std::make_shared<const Offer>(std::move(changed));
  const auto written = offer_json(offer);
  EXPECT_GT(written.size(), std::size_t{130} * 1024);
  expect_same_bytes(written, offer_tree(offer));
}

// The time an offer was made, written without fmt, as iso_time() writes it: the epoch, a leap
// day, the last second of a year, the last of the four-digit years, and one past them.
TEST(OfferJson, TheTimeAnOfferWasMade_IsWrittenAsBoostJsonWritesIt) {
  for (const std::int64_t seconds :
       {0LL, 951'782'400LL, 4'102'444'799LL, 253'402'300'799LL, 253'402'300'800LL}) {
    auto offer = seeded_offer();
    auto changed = *offer.offer;
    changed.created_at = sys_seconds{std::chrono::seconds{seconds}};
    offer.offer = std::make_shared<const Offer>(std::move(changed));
    SCOPED_TRACE(seconds);
    expect_same_bytes(offer_json(offer), offer_tree(offer));
  }
}

TEST(OfferJson, EveryCurrency_IsWrittenAsBoostJsonWritesIt) {
  for (const auto currency : kAllCurrencies) {
    auto offer = seeded_offer();
    offer.lowest_price = Money(-1'234'567, currency);
    for (auto& [attribute, price] : offer.attributes) price = Money(attribute.long_edge, currency);
    SCOPED_TRACE(std::string(code(currency)));
    expect_same_bytes(offer_json(offer), offer_tree(offer));
  }
}

TEST(OfferJson, TheLatestOffers_AreWrittenAsBoostJsonWritesThem) {
  const std::vector offers{seeded_offer(), bare_offer(), offer_with_awkward_text()};
  expect_same_bytes(offer_list_json(offers), json::object{{"items", offers_tree(offers)}});
  expect_same_bytes(offer_list_json({}), json::object{{"items", json::array{}}});
}

// The facets, did-you-mean and matched words of a page as boost::json trees.
json::object facets_tree(const OfferFacets& facets) {
  json::array categories;
  for (const auto& category : facets.categories) {
    categories.emplace_back(json::object{{"value", text(category.url_name)},
                                         {"title", text(category.title)},
                                         {"count", category.count}});
  }
  json::array styles;
  for (const auto& style : facets.styles) {
    styles.emplace_back(json::object{{"value", text(name(style.value))}, {"count", style.count}});
  }
  json::array orientations;
  for (const auto& orientation : facets.orientations) {
    orientations.emplace_back(
        json::object{{"value", text(name(orientation.value))}, {"count", orientation.count}});
  }
  json::array prices;
  for (const auto& band : facets.prices) {
    prices.emplace_back(
        json::object{{"from", money_json(band.from)},
                     {"to", band.to ? json::value(money_json(*band.to)) : json::value(nullptr)},
                     {"count", band.count}});
  }
  return {{"categories", std::move(categories)},
          {"styles", std::move(styles)},
          {"orientations", std::move(orientations)},
          {"prices", std::move(prices)}};
}

json::object page_tree(const PricedOfferPage& page) {
  json::array words;
  for (const auto& word : page.matched_words) words.emplace_back(text(word));
  return {{"items", offers_tree(page.items)},
          {"total", page.total},
          {"page", page.page},
          {"pageSize", page.page_size},
          {"currency", text(code(page.currency))},
          {"facets", facets_tree(page.facets)},
          {"didYouMean", page.did_you_mean ? json::value(text(*page.did_you_mean)) : nullptr},
          {"matchedWords", std::move(words)}};
}

// Facets as a search in kroner finds them: every kind of entry, an open last band, titles
// that need escapes.
OfferFacets searched_facets() {
  return {
      .categories = {{.url_name = "animals", .title = "Animals", .count = 12},
                     {.url_name = "caf\xc3\xa9", .title = "The \"Caf\u00e9\"\n", .count = 1}},
      .styles = {{.value = ArtStyle::Anime, .count = 12}, {.value = ArtStyle::PopArt, .count = 3}},
      .orientations = {{.value = Orientation::Horizontal, .count = 3},
                       {.value = Orientation::Square, .count = 12}},
      .prices = {{.from = Money(0, Currency::NOK), .to = Money(11'599, Currency::NOK), .count = 4},
                 {.from = Money(11'600, Currency::NOK), .to = std::nullopt, .count = 11}}};
}

TEST(OfferJson, APageOfTheListing_IsWrittenAsBoostJsonWritesIt) {
  const PricedOfferPage page{.items = {seeded_offer(), offer_with_awkward_text()},
                             .total = 1234,
                             .page = 3,
                             .page_size = 2,
                             .currency = Currency::NOK,
                             .facets = searched_facets(),
                             .did_you_mean = std::nullopt,
                             .matched_words = {"harbour", "dawn", "caf\xc3\xa9", "\"q\""}};
  expect_same_bytes(offer_page_json(page), page_tree(page));
  const PricedOfferPage empty{.items = {}, .total = 0, .page = 1, .page_size = 24};
  expect_same_bytes(offer_page_json(empty), page_tree(empty));
  EXPECT_EQ(offer_page_json(empty).substr(offer_page_json(empty).find("\"facets\"")),
            R"("facets":{"categories":[],"styles":[],"orientations":[],"prices":[]},)"
            R"("didYouMean":null,"matchedWords":[]})")
      << "an empty page still has every member";
}

TEST(OfferJson, AnEmptySearchWithADidYouMean_IsWrittenAsBoostJsonWritesIt) {
  const PricedOfferPage page{.items = {},
                             .total = 0,
                             .page = 1,
                             .page_size = 24,
                             .currency = Currency::JPY,
                             .facets = {},
                             .did_you_mean = "wolf \"night\"",
                             .matched_words = {}};
  expect_same_bytes(offer_page_json(page), page_tree(page));
}

TEST(OfferJson, SuggestionsOfTitlesAndTags_AreWrittenAsBoostJsonWritesThem) {
  const auto titled = seeded_offer();
  const std::vector<OfferSuggestion> suggestions{
      {.kind = OfferSuggestion::Kind::Title, .text = titled.offer->title, .offer = titled},
      {.kind = OfferSuggestion::Kind::Title,
       .text = offer_with_awkward_text().offer->title,
       .offer = offer_with_awkward_text()},
      {.kind = OfferSuggestion::Kind::Tag, .text = "harbour", .offer = std::nullopt},
      {.kind = OfferSuggestion::Kind::Tag, .text = "\"\\", .offer = std::nullopt}};
  json::array tree;
  for (const auto& suggestion : suggestions) {
    if (suggestion.offer) {
      tree.emplace_back(json::object{{"kind", "title"},
                                     {"text", text(suggestion.text)},
                                     {"urlName", text(suggestion.offer->offer->url_name)},
                                     {"price", money_json(suggestion.offer->lowest_price)}});
    } else {
      tree.emplace_back(json::object{{"kind", "tag"}, {"text", text(suggestion.text)}});
    }
  }
  expect_same_bytes(suggestions_json(suggestions), json::object{{"suggestions", std::move(tree)}});
  expect_same_bytes(suggestions_json({}), json::object{{"suggestions", json::array{}}});
}

}  // namespace
}  // namespace artshop::http::handlers
