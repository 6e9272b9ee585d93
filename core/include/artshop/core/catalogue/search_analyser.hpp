#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "artshop/core/ports/search_text_folder.hpp"
#include "artshop/core/ports/word_stemmer.hpp"

namespace artshop {

// Turns text into the words catalogue search compares, the same way for an offer's words and
// for what a customer types: the text is folded (case and diacritics, SearchTextFolder), then
// split into words of letters and digits; an apostrophe never splits a word and is dropped
// ("Wizard's" is "wizards"), anything else that is not a letter or a digit separates words
// ("rain-slick" is "rain" and "slick"). Stems come from the WordStemmer, one word at a time.
class SearchAnalyser {
 public:
  // Both ports must outlive the analyser.
  SearchAnalyser(const SearchTextFolder& folder, const WordStemmer& stemmer)
      : folder_(folder), stemmer_(stemmer) {}

  // The folded words of `text`, in order, repeats kept. Ill-formed UTF-8 separates words.
  std::vector<std::string> words(std::string_view text) const;
  // As words(), appending to `out`, so a caller analysing many texts reuses its storage.
  void append_words(std::string_view text, std::vector<std::string>& out) const;
  // The stem of one folded word.
  std::string stem(std::string_view word) const { return stemmer_.stem(word); }
  // A number that differs between analysers that fold or stem differently: a hash of what this
  // one makes of a sample of tricky words (accents, ß, ligatures, full-width letters, Greek,
  // plurals, apostrophes). A search index kept on disk is searched only by an analyser with
  // the fingerprint it was built with.
  std::uint64_t fingerprint() const;

 private:
  bool is_word_character(char32_t code_point) const;

  const SearchTextFolder& folder_;
  const WordStemmer& stemmer_;
};

// An analyser that folds the case of ASCII letters only and stems nothing: what a catalogue
// made without the Unicode and stemming adapters searches with (an embedding program, a test
// of something else). It lives as long as the program.
const SearchAnalyser& plain_search_analyser();

}  // namespace artshop
