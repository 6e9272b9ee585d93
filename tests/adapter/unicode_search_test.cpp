// Catalogue search with the real folding (ICU) and stemming (Snowball): what the fakes of the
// unit tests stand in for, through core's SearchAnalyser and SearchIndex.
#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

#include "artshop/core/catalogue/search_index.hpp"
#include "artshop/unicode/icu_search_text_folder.hpp"
#include "artshop/unicode/snowball_word_stemmer.hpp"

namespace artshop {
namespace {

using Words = std::vector<std::string>;

class UnicodeSearch : public ::testing::Test {
 protected:
  Words words(std::string_view text) const { return analyser_.words(text); }
  // The stem of the one word `text` holds.
  std::string stem_of(std::string_view text) const {
    const auto found = words(text);
    EXPECT_EQ(found.size(), 1u) << text;
    return found.empty() ? std::string() : analyser_.stem(found.front());
  }

  const IcuSearchTextFolder folder_;
  const SnowballWordStemmer stemmer_;
  const SearchAnalyser analyser_{folder_, stemmer_};
};

TEST_F(UnicodeSearch, Diacritics_AreFolded) {
  EXPECT_EQ(words("Cath\u00E9drale"), Words{"cathedrale"});
  EXPECT_EQ(words("Cathe\u0301drale"), Words{"cathedrale"}) << "é written as e + U+0301";
  EXPECT_EQ(words("\u00C5ngstr\u00F6m Na\u00EFve Se\u00F1or"),
            (Words{"angstrom", "naive", "senor"}));
}

TEST_F(UnicodeSearch, Case_IsFoldedInFull) {
  EXPECT_EQ(words("Stra\u00DFe STRASSE"), (Words{"strasse", "strasse"}));
  EXPECT_EQ(words("\u0391\u0398\u0397\u039D\u0391 \u041C\u041E\u0421\u041A\u0412\u0410"),
            (Words{"\u03B1\u03B8\u03B7\u03BD\u03B1", "\u043C\u043E\u0441\u043A\u0432\u0430"}));
}

TEST_F(UnicodeSearch, CompatibilityForms_BecomeThePlainLetters) {
  EXPECT_EQ(words("\uFB01re"), Words{"fire"}) << "the ligature fi";
  EXPECT_EQ(words("\uFF2F\uFF37\uFF2C \uFF11\uFF12"), (Words{"owl", "12"})) << "full-width";
}

TEST_F(UnicodeSearch, GreekAndCyrillicWords_AreOneWordEach) {
  EXPECT_EQ(words("\u1F08\u03B8\u03AE\u03BD\u03B1, \u041C\u043E\u0441\u043A\u0432\u0430!"),
            (Words{"\u03B1\u03B8\u03B7\u03BD\u03B1", "\u043C\u043E\u0441\u043A\u0432\u0430"}))
      << "Greek breathing and accents are marks, dropped; the words stay whole";
}

TEST_F(UnicodeSearch, AVowelSignLeftAfterFolding_StaysInItsWord) {
  // Hindi: the vowel signs (U+093F, U+0940, U+093E) are spacing marks, kept in the word; the
  // virama (U+094D) is a non-spacing mark, dropped as diacritics are.
  EXPECT_EQ(words("\u0939\u093F\u0928\u094D\u0926\u0940 \u0915\u0932\u093E"),
            (Words{"\u0939\u093F\u0928\u0926\u0940", "\u0915\u0932\u093E"}));
}

TEST_F(UnicodeSearch, Punctuation_SplitsWords_AnApostropheDoesNot) {
  EXPECT_EQ(words("Rain-slick\u2014streets\u00BFno?\u00A0yes\u3002end"),
            (Words{"rain", "slick", "streets", "no", "yes", "end"}));
  EXPECT_EQ(words("Wizard's Wizard\u2019s"), (Words{"wizards", "wizards"}));
}

TEST_F(UnicodeSearch, AWordAndItsForms_StemAlike) {
  EXPECT_EQ(stem_of("cathedrals"), stem_of("cathedral"));
  EXPECT_EQ(stem_of("dancing"), stem_of("dance"));
  EXPECT_EQ(stem_of("Cath\u00E9drals"), "cathedr");
  EXPECT_EQ(stem_of("owl"), "owl") << "a word the stemmer leaves alone";
  EXPECT_EQ(stem_of("\u041C\u043E\u0441\u043A\u0432\u0430"), "\u043C\u043E\u0441\u043A\u0432\u0430")
      << "the English stemmer leaves other alphabets alone";
}

TEST_F(UnicodeSearch, ManyThreadsStemmingAtOnce_GetTheSameStems) {
  const Words asked{"cathedrals", "dancing",    "wandering", "forests", "painted",
                    "happiness",  "generously", "skies",     "running", "owls"};
  Words expected;
  for (const auto& word : asked) expected.push_back(stemmer_.stem(word));
  std::vector<Words> seen(4);
  {
    std::vector<std::jthread> threads;
    for (auto& answers : seen) {
      threads.emplace_back([&] {
        for (int round = 0; round < 2000; ++round) {
          for (std::size_t i = 0; i < asked.size(); ++i) {
            auto stem = stemmer_.stem(asked[i]);
            if (stem != expected[i]) answers.push_back(asked[i] + " gave " + stem);
          }
        }
        answers.push_back(folder_.fold("Cath\u00C9DRALE"));
      });
    }
  }
  for (const auto& answers : seen) EXPECT_EQ(answers, Words{"cathedrale"});
}

class UnicodeSearchIndex : public UnicodeSearch {
 protected:
  void SetUp() override {
    std::vector<SearchDocument> documents;
    for (std::uint32_t i = 0; i < titles_.size(); ++i) {
      documents.push_back({.offer = i, .title = titles_[i], .category = "Prints"});
    }
    index_ = SearchIndex(documents, analyser_);
  }

  // The titles `query` finds, by relevance.
  Words found(std::string_view query) const {
    Words titles;
    for (const auto offer : index_.search(query, analyser_).ranked()) {
      titles.push_back(titles_[offer]);
    }
    return titles;
  }

  const Words titles_{"Frozen Cathedral", "Wandering Owl in Blue", "Dancing Fox",
                      "Caf\u00E9 at Night"};
  SearchIndex index_;
};

TEST_F(UnicodeSearchIndex, AnAccentedWord_FindsThePlainTitle) {
  EXPECT_EQ(found("cath\u00E9drale"), Words{"Frozen Cathedral"});
  EXPECT_EQ(found("CATH\u00C9DRAL"), Words{"Frozen Cathedral"});
}

TEST_F(UnicodeSearchIndex, APlainWord_FindsTheAccentedTitle) {
  EXPECT_EQ(found("cafe"), Words{"Caf\u00E9 at Night"});
}

TEST_F(UnicodeSearchIndex, APlural_FindsTheSingularByItsStem) {
  EXPECT_EQ(found("cathedrals"), Words{"Frozen Cathedral"});
  EXPECT_EQ(found("dance"), Words{"Dancing Fox"});
}

TEST_F(UnicodeSearchIndex, WordsMatchInAnyOrder) {
  EXPECT_EQ(found("blue owl"), Words{"Wandering Owl in Blue"});
}

}  // namespace
}  // namespace artshop
