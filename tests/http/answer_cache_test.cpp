// The offer calls' kept answers: a question is told apart by everything its answer depends on,
// an answer is gzipped only for a client accepting gzip, and the cache stays within its entries
// and bytes (room for gzipped twins included), the least recently used answers going first.
#include "answer_cache.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <string>
#include <string_view>

namespace artshop::http {
namespace {

CatalogueSources sources(std::int64_t version, ExchangeRates rates = ExchangeRates::defaults()) {
  return {.catalogue = std::make_shared<const CatalogueSnapshot>(
              std::vector<std::shared_ptr<const Offer>>{}, std::vector<std::string>{}, version),
          .rates = rates};
}

std::string key(const CatalogueSources& from, const std::optional<std::string>& currency) {
  AnswerKey key("offers", from);
  key.add(currency);
  return std::string(key.text());
}

std::shared_ptr<const KeptAnswer> body(std::size_t size, char fill = 'x') {
  return std::make_shared<const KeptAnswer>(std::string(size, fill));
}

TEST(AnswerKey, AnotherCatalogueVersionOtherRatesOrAnotherParameterIsAnotherQuestion) {
  const auto question = key(sources(7), "EUR");
  EXPECT_EQ(key(sources(7), "EUR"), question);
  EXPECT_NE(key(sources(8), "EUR"), question);
  auto dearer_dollar = ExchangeRates::defaults();
  dearer_dollar.set(Currency::USD, Rate{2'000'000});
  EXPECT_NE(key(sources(7, dearer_dollar), "EUR"), question);
  EXPECT_NE(key(sources(7), "JPY"), question);
  AnswerKey latest("latest", sources(7));
  latest.add("EUR");
  EXPECT_NE(latest.text(), question);
}

TEST(AnswerKey, AnAbsentParameterIsNotAnEmptyOneAndValuesCannotRunTogether) {
  EXPECT_NE(key(sources(1), std::nullopt), key(sources(1), ""));
  AnswerKey split_early("offers", sources(1));
  split_early.add("ab").add("c");
  AnswerKey split_late("offers", sources(1));
  split_late.add("a").add("bc");
  EXPECT_NE(split_early.text(), split_late.text());
}

TEST(AnswerCache, AQuestionAskedAgainGetsTheKeptBytesAndAnUnknownOneNothing) {
  AnswerCache cache;
  const auto page = body(12'000, 'p');
  cache.remember("page 1", page);
  EXPECT_EQ(cache.find("page 1"), page);
  EXPECT_EQ(cache.find("page 2"), nullptr);
}

TEST(AnswerCache, PastItsEntriesTheLeastRecentlyAskedAnswerGoes) {
  AnswerCache cache({.entries = 2, .bytes = 1'000'000, .shards = 1});
  cache.remember("first", body(10));
  cache.remember("second", body(10));
  ASSERT_NE(cache.find("first"), nullptr);  // now the second is the least recently asked
  cache.remember("third", body(10));
  EXPECT_NE(cache.find("first"), nullptr);
  EXPECT_EQ(cache.find("second"), nullptr);
  EXPECT_NE(cache.find("third"), nullptr);
}

TEST(AnswerCache, PastItsBytesTheOldestAnswersGoAndOneLargerThanAllIsNotKept) {
  AnswerCache cache({.entries = 100, .bytes = 1'000, .shards = 1});
  cache.remember("a", body(400));
  cache.remember("b", body(400));
  cache.remember("c", body(400));
  EXPECT_EQ(cache.find("a"), nullptr);
  EXPECT_NE(cache.find("b"), nullptr);
  EXPECT_NE(cache.find("c"), nullptr);
  cache.remember("huge", body(2'000));
  EXPECT_EQ(cache.find("huge"), nullptr);
  EXPECT_NE(cache.find("c"), nullptr);
}

TEST(KeptAnswer, ALargeBodyIsKeptGzippedTooButASmallOrIncompressibleOneOnlyAsItIs) {
  const KeptAnswer page(std::string(12'000, 'p'));
  EXPECT_EQ(page.body(), std::string(12'000, 'p'));
  EXPECT_TRUE(page.gzipped().starts_with("\x1f\x8b"));  // gzip's magic number
  EXPECT_LT(page.gzipped().size(), 200U);

  const KeptAnswer empty_page(R"({"items":[],"total":24,"page":9,"pageSize":24})");
  EXPECT_TRUE(empty_page.gzipped().empty());

  std::mt19937 random(42);
  std::string noise(4'000, '\0');
  for (auto& byte : noise) byte = static_cast<char>(random());
  EXPECT_TRUE(KeptAnswer(noise).gzipped().empty());
}

// Compressed for the first client accepting gzip, once, never before: an answer only clients
// without gzip ask for costs no compression.
TEST(KeptAnswer, IsGzippedOnlyWhenFirstAskedForGzipAndThenOnce) {
  const KeptAnswer page(std::string(12'000, 'p'));
  EXPECT_FALSE(page.compressed());
  EXPECT_EQ(page.body().size(), 12'000U);
  EXPECT_FALSE(page.compressed());
  const auto* first = &page.gzipped();
  EXPECT_TRUE(page.compressed());
  EXPECT_EQ(&page.gzipped(), first);
  EXPECT_FALSE(first->empty());
}

TEST(AnswerCache, AnAnswersRoomForItsGzippedBytesCountsInItsBudgetMadeOrNot) {
  const auto page = body(12'000);
  const std::size_t key_and_body = std::string_view("page").size() + page->body().size();

  AnswerCache room_for_the_body_alone({.entries = 10, .bytes = key_and_body, .shards = 1});
  room_for_the_body_alone.remember("page", page);
  EXPECT_EQ(room_for_the_body_alone.find("page"), nullptr);

  // Room for a twin as large as the body: the gzipped one is never larger.
  AnswerCache room_for_both({.entries = 10, .bytes = key_and_body + 12'000, .shards = 1});
  room_for_both.remember("page", page);
  EXPECT_EQ(room_for_both.find("page"), page);
  EXPECT_FALSE(page->compressed());
  EXPECT_LE(page->gzipped().size(), page->body().size());
}

}  // namespace
}  // namespace artshop::http
