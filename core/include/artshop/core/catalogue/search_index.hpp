#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <expected>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "artshop/core/catalogue/search_analyser.hpp"

namespace artshop {

// What catalogue search reads of an offer. `offer` is the caller's number for it, unique (its
// place in an order of the caller's choosing, newest first say): matches come back by that
// number, and equal scores rank by it, lowest first.
struct SearchDocument {
  std::uint32_t offer = 0;
  std::string_view title;
  std::span<const std::string> tags;
  std::string_view description;
  std::string_view category;  // the category's title, "Still Life"
  std::string_view style;     // the style as customers read it, "Pop Art"
};

// Where a word was found and how, each with its weight; a word's score is the product, a
// match's score the sum over the query's words (docs/catalogue.md, "Search").
enum class SearchField : std::uint8_t { Title, Tag, Category, Style, Description };
enum class SearchMatchKind : std::uint8_t { Exact, Stemmed, Prefix, Typo };
inline constexpr std::array<std::uint16_t, 5> kSearchFieldWeights{4, 3, 2, 2, 1};
inline constexpr std::array<std::uint16_t, 4> kSearchMatchKindWeights{4, 3, 2, 1};

// A word of this many letters or more may be found with one typo (a letter added, missing,
// replaced, or two neighbours swapped), and with two from kTwoTypoLetters; the shorter of the
// word typed and the word found counts.
inline constexpr std::size_t kOneTypoLetters = 5;
inline constexpr std::size_t kTwoTypoLetters = 9;

// The offers matching a query, by offer number, ascending, each with its score (above 0).
struct SearchMatches {
  std::vector<std::uint32_t> offers;
  std::vector<std::uint16_t> scores;

  std::size_t size() const noexcept { return offers.size(); }
  bool empty() const noexcept { return offers.empty(); }
  // The score of `offer`, 0 when it does not match: a binary search, for a caller checking its
  // own filters' survivors.
  std::uint16_t score_of(std::uint32_t offer) const noexcept;
  // The matching offers by relevance, highest first, equal scores by offer number.
  std::vector<std::uint32_t> ranked() const;
};

// What a customer typed, analysed once: its words in order, each with its stem, whether it was
// written between double quotes (then it matches only as written: no stem, prefix or typo),
// and whether it may be the start of a longer word (the last word, unquoted, with no space
// after it: the customer may still be typing). A quotation mark left open quotes the rest.
struct SearchQueryWord {
  std::string word;
  std::string stem;
  bool as_written = false;
  bool prefix = false;

  // True when this word finds `found` (a folded word, with its stem) as search does: as
  // written, by stem, as a prefix or with a typo.
  bool finds(std::string_view found, std::string_view found_stem) const;
};

class SearchQuery {
 public:
  SearchQuery() = default;
  SearchQuery(std::string_view text, const SearchAnalyser& analyser);

  std::span<const SearchQueryWord> words() const noexcept { return words_; }
  bool empty() const noexcept { return words_.empty(); }
  // True when one of the query's words finds `word` (folded, with its stem): what the results
  // highlight.
  bool finds(std::string_view word, std::string_view word_stem) const;

 private:
  std::vector<SearchQueryWord> words_;
};

// A word of the index with the number of offers holding it.
struct SearchWordCount {
  std::string word;
  std::uint32_t offers = 0;
};

// A full-text index over the catalogue, immutable once built: every word of every offer's
// title, tags, category, style and description, folded (SearchAnalyser), with the offers
// holding it. A query finds the offers holding each of its words, in any order, as written or
// by stem; its last word also as the start of a longer word (the customer may still be
// typing); a word of 5 letters or more also with a typo. Built for a million offers: terms are
// numbers into a sorted dictionary, and each term's offers a stretch of one flat array.
class SearchIndex {
 public:
  SearchIndex() = default;
  // `analyser` is the one queries will be analysed with. Throws std::invalid_argument when two
  // documents share an offer number.
  SearchIndex(std::span<const SearchDocument> documents, const SearchAnalyser& analyser);

  // The offers holding every word of `query` (an empty answer for a query without a word),
  // analysed by the analyser the index was built with.
  SearchMatches search(std::string_view query, const SearchAnalyser& analyser) const;
  SearchMatches search(const SearchQuery& query) const;

  // For a query that found nothing: the query with each word the index does not hold (as
  // written or by stem) replaced by the closest word it does hold, looking one edit further
  // than search does (a word of 3 or 4 letters one edit away, of 5 to 8 letters two, of 9 or
  // more three), if that query finds something. "wofl" finds nothing (no typo in a 4-letter
  // word) and suggests "wolf". nullopt when there is nothing to suggest.
  std::optional<std::string> did_you_mean(std::string_view query,
                                          const SearchAnalyser& analyser) const;

  // Up to `limit` words of the index starting with the last word of `prefix`, the ones held by
  // the most offers first: what a search box offers while the customer types.
  std::vector<std::string> complete(std::string_view prefix, const SearchAnalyser& analyser,
                                    std::size_t limit = 8) const;
  // Up to `limit` words of the index starting with `start` (a folded word) that some offer
  // holds in a tag, with the number of offers holding each in a tag, the most first.
  std::vector<SearchWordCount> complete_tags(std::string_view start, std::size_t limit) const;

  // The offers holding `word` (a folded word) in a tag, ascending.
  std::vector<std::uint32_t> offers_tagged(std::string_view word) const;

  // The index as bytes for a file to keep, handed to `sink` a stretch at a time, so that a
  // million offers' index is never copied whole: what read() takes back. Integers are
  // little-endian; the analyser's fingerprint goes with them.
  void write(const std::function<void(std::string_view)>& sink) const;
  // The index write() gave `bytes` for, or why they are not one: another format, cut short, or
  // numbers that do not hold together. Every offset and number is checked, so that no query
  // over the index reads out of bounds whatever the bytes say.
  static std::expected<SearchIndex, std::string> read(std::string_view bytes);
  // True when the index was built with an analyser analysing as `analyser` does (the same
  // folding and stems, by SearchAnalyser::fingerprint): a kept index is searched only then.
  bool analysed_as(const SearchAnalyser& analyser) const;

  std::size_t term_count() const noexcept {
    return term_start_.empty() ? 0 : term_start_.size() - 1;
  }
  // The bytes the index holds (its arrays' capacities).
  std::size_t memory_bytes() const noexcept;

 private:
  struct Source;
  struct Hit;
  using Term = std::uint32_t;

  // Throws when the arrays read() filled do not hold together.
  void check() const;
  std::string_view term(Term id) const noexcept;
  std::string_view stem(std::uint32_t id) const noexcept;
  std::optional<Term> find_term(std::string_view text) const noexcept;
  std::optional<std::uint32_t> find_stem(std::string_view text) const noexcept;
  std::span<const std::uint32_t> offers_of(Term id) const noexcept;
  std::vector<Source> sources(const SearchQueryWord& typed) const;
  void add_typo_sources(std::string_view word, std::size_t extra_edits,
                        std::vector<Source>& out) const;
  SearchMatches match(std::span<const std::vector<Source>> words) const;
  std::vector<Hit> materialise(std::span<const Source> sources, std::size_t total) const;

  std::string term_text_;                     // every term, in dictionary order, back to back
  std::vector<std::uint32_t> term_start_;     // term i is [term_start_[i], term_start_[i + 1])
  std::vector<std::uint32_t> posting_start_;  // term i's offers: [posting_start_[i], ...[i + 1])
  std::vector<std::uint32_t> posting_offer_;  // offer numbers, ascending within a term
  std::vector<std::uint8_t> posting_fields_;  // bit f set: found in SearchField f
  std::string stem_text_;                     // every stem, sorted, back to back
  std::vector<std::uint32_t> stem_start_;
  std::vector<std::uint32_t> stem_terms_start_;  // stem i's terms: [...[i], ...[i + 1])
  std::vector<Term> stem_terms_;
  // The terms a typo may reach: words without a digit (a typo in a number is another number),
  // by length in characters, each with the set of characters it holds, so that a query word
  // is compared with the terms of a few lengths only and most are ruled out by one XOR.
  std::vector<std::uint32_t> typo_length_start_;  // length n: [...[n], ...[n + 1])
  std::vector<Term> typo_terms_;
  std::vector<std::uint64_t> typo_signatures_;  // alongside typo_terms_
  std::vector<std::uint32_t> tag_offers_;       // per term: the offers holding it in a tag
  std::uint64_t offer_limit_ = 0;               // above every offer number
  std::uint64_t analyser_fingerprint_ = 0;      // SearchAnalyser::fingerprint, when built
};

}  // namespace artshop
