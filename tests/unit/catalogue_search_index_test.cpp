// Catalogue search: how text becomes words, which offers a query finds and in which order.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <stdexcept>

#include "artshop/core/catalogue/search_index.hpp"
#include "fakes/search_fakes.hpp"

namespace artshop {
namespace {

struct Page {
  std::string title;
  std::vector<std::string> tags = {};
  std::string description = "";
  std::string category = "Prints";
  std::string style = "Plain";
};

using Titles = std::vector<std::string>;

// The bytes SearchIndex::write hands out, together.
std::string bytes_of(const SearchIndex& index) {
  std::string bytes;
  index.write([&bytes](std::string_view stretch) { bytes += stretch; });
  return bytes;
}

class CatalogueSearch : public ::testing::Test {
 protected:
  // Offer numbers are the pages' places in `pages`.
  void index(std::vector<Page> pages) {
    pages_ = std::move(pages);
    std::vector<SearchDocument> documents;
    for (std::size_t i = 0; i < pages_.size(); ++i) {
      const auto& page = pages_[i];
      documents.push_back({.offer = static_cast<std::uint32_t>(i),
                           .title = page.title,
                           .tags = page.tags,
                           .description = page.description,
                           .category = page.category,
                           .style = page.style});
    }
    index_ = SearchIndex(documents, analyser_);
  }

  // The titles `query` finds, by relevance.
  Titles found(std::string_view query) const {
    Titles titles;
    for (const auto offer : index_.search(query, analyser_).ranked()) {
      titles.push_back(pages_[offer].title);
    }
    return titles;
  }

  fakes::AccentFolder folder_;
  fakes::TableStemmer stemmer_;
  SearchAnalyser analyser_{folder_, stemmer_};
  std::vector<Page> pages_;
  SearchIndex index_;
};

TEST_F(CatalogueSearch, Analyser_FoldsCaseAndAccents_SplitsAtPunctuation_DropsApostrophes) {
  EXPECT_EQ(analyser_.words(
                "Wizard's Tower \u2014 Rain-slick CATH\u00C9DRALE, it\u2019s \u03A6\u03C9\u03C2!"),
            (std::vector<std::string>{"wizards", "tower", "rain", "slick", "cathedrale", "its",
                                      "\u03A6\u03C9\u03C2"}));
}

TEST_F(CatalogueSearch, APluralFindsTheSingularByItsStem) {
  index({{"Frozen Cathedral"}, {"Golden Tower"}});
  EXPECT_EQ(found("cathedrals"), Titles{"Frozen Cathedral"});
}

TEST_F(CatalogueSearch, WordsMatchInAnyOrder) {
  index({{"Wandering Owl in Blue"}, {"Golden Tower"}});
  EXPECT_EQ(found("blue owl"), Titles{"Wandering Owl in Blue"});
}

TEST_F(CatalogueSearch, EveryWordMustMatch) {
  index({{"Wandering Owl in Blue"}, {"Crimson Tiger"}});
  ASSERT_EQ(found("blue"), Titles{"Wandering Owl in Blue"});
  EXPECT_EQ(found("blue tiger"), Titles{});
}

TEST_F(CatalogueSearch, CaseAndAccentsAreFolded) {
  index({{"Cath\u00E9drale de Rouen"}, {"Frozen Cathedral"}, {"Golden Tower"}});
  EXPECT_EQ(found("CATH\u00C9DRALE rouen"), Titles{"Cath\u00E9drale de Rouen"});
  EXPECT_EQ(found("cathedrale rouen"), Titles{"Cath\u00E9drale de Rouen"});
  // Folded, "cathédrale" is one letter from "cathedral", and a word of 9 letters or more may
  // hold two typos.
  EXPECT_EQ(found("cath\u00E9drale"), (Titles{"Cath\u00E9drale de Rouen", "Frozen Cathedral"}));
}

TEST_F(CatalogueSearch, ATypoFindsTheWord) {
  index({{"Frozen Cathedral"}, {"Golden Tower"}});
  EXPECT_EQ(found("cathedarl"), Titles{"Frozen Cathedral"});
  EXPECT_EQ(found("frozn"), Titles{"Frozen Cathedral"});
}

TEST_F(CatalogueSearch, TheLastWordIsAlsoTheStartOfAWord) {
  index({{"Frozen Cathedral"}, {"Golden Tower"}});
  EXPECT_EQ(found("frozen cat"), Titles{"Frozen Cathedral"});
  EXPECT_EQ(found("cat"), Titles{"Frozen Cathedral"});
  // Only the last word is still being typed; a space after it says it is complete.
  EXPECT_EQ(found("cat frozen"), Titles{});
  EXPECT_EQ(found("frozen cat "), Titles{});
}

TEST_F(CatalogueSearch, RanksATitleAboveATagAboveADescription) {
  // The caller's order alone would put the description first.
  index({{.title = "Quiet Lake", .description = "A heron waits by the reeds."},
         {.title = "Grey Morning", .tags = {"heron"}},
         {.title = "Heron at Dawn"}});
  EXPECT_EQ(found("heron"), (Titles{"Heron at Dawn", "Grey Morning", "Quiet Lake"}));
}

TEST_F(CatalogueSearch, RanksExactAboveStemmedAbovePrefixAboveTypo) {
  index({{"Huron Shore"}, {"Heronry"}, {"Herons"}, {"Heron"}});
  EXPECT_EQ(found("heron"), (Titles{"Heron", "Herons", "Heronry", "Huron Shore"}));
}

TEST_F(CatalogueSearch, AllowsNoTypoInAWordOfFourLetters) {
  index({{"Grey Wolf"}, {"Crimson Tiger"}});
  EXPECT_EQ(found("wofl"), Titles{});
  // The same swap in a word of five letters is forgiven.
  EXPECT_EQ(found("tigre"), Titles{"Crimson Tiger"});
}

TEST_F(CatalogueSearch, AllowsNoTypoThatReachesAWordOfFourLetters) {
  // "comet" is "come" with a letter added, but "come" has only four.
  index({{"Come Rain"}, {"Comet Tail"}});
  EXPECT_EQ(found("comet"), Titles{"Comet Tail"});
  EXPECT_EQ(found("comte"), Titles{"Comet Tail"});
}

TEST_F(CatalogueSearch, AllowsTwoTyposFromNineLetters) {
  index({{"Old Courtyard"}, {"Garden Pavilion"}});
  EXPECT_EQ(found("cuortyadr"), Titles{"Old Courtyard"});   // 9 letters, two swaps
  EXPECT_EQ(found("paivloin"), Titles{});                   // 8 letters, two swaps
  EXPECT_EQ(found("paivlion"), Titles{"Garden Pavilion"});  // 8 letters, one swap
}

TEST_F(CatalogueSearch, AllowsNoTypoInANumber) {
  index({{"Golden Tower No. 12345"}});
  EXPECT_EQ(found("12345"), Titles{"Golden Tower No. 12345"});
  EXPECT_EQ(found("12346 "), Titles{});
}

TEST_F(CatalogueSearch, FindsTheCategoryAndTheStyle) {
  index({{.title = "Pears", .category = "Still Life", .style = "Pop Art"},
         {.title = "Lemons", .category = "Still Life", .style = "Watercolor"}});
  EXPECT_EQ(found("still life pop"), Titles{"Pears"});
  EXPECT_EQ(found("watercolor"), Titles{"Lemons"});
}

TEST_F(CatalogueSearch, EqualScoresKeepTheCallersOrder) {
  index({{"Owl One"}, {"Owl Two"}, {"Owl Three"}});
  EXPECT_EQ(found("owl"), (Titles{"Owl One", "Owl Two", "Owl Three"}));
}

TEST_F(CatalogueSearch, ScoresEachMatchingOfferForTheCallersFilters) {
  index({{"Golden Tower"}, {"Frozen Tower"}, {"Golden Heron"}});
  const auto matches = index_.search("golden", analyser_);
  EXPECT_EQ(matches.offers, (std::vector<std::uint32_t>{0, 2}));
  const auto title_exact = kSearchFieldWeights[0] * kSearchMatchKindWeights[0];
  EXPECT_EQ(matches.score_of(2), title_exact);
  EXPECT_EQ(matches.score_of(1), 0);
}

TEST_F(CatalogueSearch, AQueryWithoutAWordFindsNothing) {
  index({{"Golden Tower"}});
  EXPECT_EQ(found(" !? - "), Titles{});
}

TEST_F(CatalogueSearch, RefusesTwoDocumentsWithOneOfferNumber) {
  const std::vector<SearchDocument> documents{{.offer = 7, .title = "Golden Tower"},
                                              {.offer = 7, .title = "Frozen Tower"}};
  try {
    SearchIndex index(documents, analyser_);
    FAIL() << "an index with two offers numbered 7 was built";
  } catch (const std::invalid_argument& error) {
    EXPECT_STREQ(error.what(), "two search documents share the offer number 7");
  }
}

TEST_F(CatalogueSearch, DidYouMeanOffersTheClosestWordWhenNothingIsFound) {
  index({{"Grey Wolf"}, {"Crimson Tiger"}});
  ASSERT_EQ(found("wofl"), Titles{});
  EXPECT_EQ(index_.did_you_mean("wofl", analyser_), "wolf");
  EXPECT_EQ(index_.did_you_mean("grey wofl", analyser_), "grey wolf");
  // The corrected query must find something.
  EXPECT_EQ(index_.did_you_mean("crimson wofl", analyser_), std::nullopt);
  EXPECT_EQ(index_.did_you_mean("zebra", analyser_), std::nullopt);
}

TEST_F(CatalogueSearch, CompletesTheLastWordWithTheWordsMostOffersHold) {
  index({{"Golden Tower"}, {"Golden Gate"}, {"Gold Leaf"}, {"Grey Wolf"}});
  EXPECT_EQ(index_.complete("crimson gol", analyser_),
            (std::vector<std::string>{"golden", "gold"}));
  EXPECT_EQ(index_.complete("g", analyser_, 2), (std::vector<std::string>{"golden", "gate"}));
}

TEST_F(CatalogueSearch, ReadBackFromItsBytes_AnswersEveryCallAsBefore) {
  index({{"Golden Tower", {"gold", "tower"}},
         {"Golden Gate"},
         {"Grey Wolf", {"wolf"}, "a wolf in the snow"},
         {"Cathédrale Gelée", {}, "", "Cities", "Pop Art"}});
  const auto bytes = bytes_of(index_);
  const auto read = SearchIndex::read(bytes);
  ASSERT_TRUE(read) << read.error();
  EXPECT_EQ(bytes_of(*read), bytes);
  EXPECT_EQ(read->term_count(), index_.term_count());
  EXPECT_TRUE(read->analysed_as(analyser_));
  for (const auto* query : {"golden", "cathedrale", "gol", "wofl", "tower gold", "pop art"}) {
    EXPECT_EQ(read->search(query, analyser_).offers, index_.search(query, analyser_).offers);
    EXPECT_EQ(read->did_you_mean(query, analyser_), index_.did_you_mean(query, analyser_));
    EXPECT_EQ(read->complete(query, analyser_), index_.complete(query, analyser_));
  }
  EXPECT_EQ(read->complete_tags("go", 8).size(), 1U);
  EXPECT_EQ(read->offers_tagged("wolf"), std::vector<std::uint32_t>{2});
}

TEST_F(CatalogueSearch, AnIndexIsAnalysedAsItsOwnAnalyserOnly) {
  index({{"Golden Tower"}});
  EXPECT_TRUE(index_.analysed_as(analyser_));
  // The plain analyser folds no accent and stems nothing: its words are not these.
  EXPECT_FALSE(index_.analysed_as(plain_search_analyser()));
}

// Bytes that are not an index, or one cut short or damaged anywhere, are refused or read as an
// index whose every call stays within its arrays (the address sanitizer's build checks it).
TEST_F(CatalogueSearch, BytesCutShortOrDamaged_AreRefusedOrStayWithinBounds) {
  index({{"Golden Tower", {"gold"}}, {"Grey Wolf", {}, "a wolf in the snow"}});
  const auto bytes = bytes_of(index_);
  EXPECT_EQ(SearchIndex::read("").error(), "they end inside the index");
  EXPECT_EQ(SearchIndex::read(bytes + "x").error(), "bytes follow the index");
  auto other_magic = bytes;
  other_magic[8] = 'Y';  // after the magic's 8-byte length
  EXPECT_EQ(SearchIndex::read(other_magic).error(), "they are not a search index");
  auto other_format = bytes;
  other_format[15] = 9;  // the format follows the 7 letters of the magic
  EXPECT_EQ(SearchIndex::read(other_format).error(),
            "they are of index format 9, this version reads 1");
  for (std::size_t kept = 0; kept < bytes.size(); ++kept) {
    EXPECT_FALSE(SearchIndex::read(bytes.substr(0, kept))) << kept;
  }
  int refused = 0;
  for (std::size_t at = 0; at < bytes.size(); ++at) {
    for (const auto flip : {0x01, 0x80, 0xFF}) {
      auto damaged = bytes;
      damaged[at] = static_cast<char>(damaged[at] ^ flip);
      const auto read = SearchIndex::read(damaged);
      if (!read) {
        ++refused;
        continue;
      }
      for (const auto* query : {"golden", "gol", "wofl", "snow wolf", "towre"}) {
        read->search(query, analyser_);
        read->did_you_mean(query, analyser_);
        read->complete(query, analyser_);
      }
      read->complete_tags("g", 8);
      read->offers_tagged("gold");
    }
  }
  EXPECT_GT(refused, 0);
}

// The optimal string alignment distance, written out in full.
std::size_t distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min(
          {d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.size()][b.size()];
}

// The index reads long lists in three ways (looked up one offer at a time, merged, or marked
// offer by offer) depending on their lengths: over thousands of offers, every query must find
// exactly what checking each offer word by word finds, with the same scores.
TEST_F(CatalogueSearch, FindsWhatCheckingEveryOfferWordByWordFinds) {
  const std::vector<std::string> vocabulary{
      "owl",    "owls",    "tower", "towers",  "heron",     "herons",     "huron",
      "golden", "gold",    "blue",  "crimson", "cathedral", "cathedrals", "frozen",
      "dance",  "dancing", "misty", "wander",  "wandering", "tiger",      "tigers"};
  std::mt19937 random(7);
  const auto pick = [&] { return vocabulary[random() % vocabulary.size()]; };
  std::vector<Page> pages;
  for (int i = 0; i < 3000; ++i) {
    Page page{.title = pick() + " " + pick()};
    if (random() % 3 == 0) page.tags = {pick()};
    if (random() % 2 == 0) page.description = pick() + " " + pick() + " " + pick();
    // A few rare words, so that short lists meet long ones.
    if (i % 600 == 0) page.title += " zebra";
    if (i % 700 == 0) page.tags.push_back("zebras");
    pages.push_back(page);
  }
  // A query word reaching one offer twice, the weaker way last.
  pages.push_back({.title = "owl gold zebra", .tags = {"golden"}, .description = "owls"});
  index(pages);

  const auto expected_score = [&](const Page& page, const std::vector<std::string>& query,
                                  bool typing) {
    int total = 0;
    for (std::size_t q = 0; q < query.size(); ++q) {
      const auto& word = query[q];
      int best = 0;
      const auto consider = [&](std::string_view text, SearchField field) {
        for (const auto& held : analyser_.words(text)) {
          std::optional<SearchMatchKind> kind;
          const auto shorter = std::min(word.size(), held.size());
          const auto limit = shorter >= 9 ? 2u : shorter >= 5 ? 1u : 0u;
          if (held == word) {
            kind = SearchMatchKind::Exact;
          } else if (stemmer_.stem(held) == stemmer_.stem(word)) {
            kind = SearchMatchKind::Stemmed;
          } else if (typing && q + 1 == query.size() && held.starts_with(word)) {
            kind = SearchMatchKind::Prefix;
          } else if (distance(held, word) <= limit) {
            kind = SearchMatchKind::Typo;
          }
          if (kind) {
            best = std::max(best, kSearchFieldWeights[static_cast<std::size_t>(field)] *
                                      kSearchMatchKindWeights[static_cast<std::size_t>(*kind)]);
          }
        }
      };
      consider(page.title, SearchField::Title);
      for (const auto& tag : page.tags) consider(tag, SearchField::Tag);
      consider(page.category, SearchField::Category);
      consider(page.style, SearchField::Style);
      consider(page.description, SearchField::Description);
      if (best == 0) return 0;
      total += best;
    }
    return total;
  };

  std::vector<std::string> queries{"owl",         "tow",
                                   "golden blue", "herons tower",
                                   "tigres",      "cathedarls owls",
                                   "wandering d", "misty owl gold",
                                   "g",           "frozen huron t",
                                   "dancing ",    "zebra",
                                   "zebras owl",  "zebra g",
                                   "zebra her"};
  for (int i = 0; i < 30; ++i) queries.push_back(pick() + " " + pick().substr(0, 3));
  const auto read_back = *SearchIndex::read(bytes_of(index_));
  for (const auto& query : queries) {
    const bool typing = query.back() != ' ';
    const auto words = analyser_.words(query);
    std::vector<std::uint32_t> offers;
    std::vector<std::uint16_t> scores;
    for (std::size_t i = 0; i < pages.size(); ++i) {
      if (const auto score = expected_score(pages[i], words, typing); score > 0) {
        offers.push_back(static_cast<std::uint32_t>(i));
        scores.push_back(static_cast<std::uint16_t>(score));
      }
    }
    const auto matches = index_.search(query, analyser_);
    ASSERT_FALSE(offers.empty()) << query;
    EXPECT_EQ(matches.offers, offers) << query;
    EXPECT_EQ(matches.scores, scores) << query;
    // Kept in a file and read back, it finds the same.
    const auto kept = read_back.search(query, analyser_);
    EXPECT_EQ(kept.offers, offers) << query;
    EXPECT_EQ(kept.scores, scores) << query;
  }
}

}  // namespace
}  // namespace artshop
