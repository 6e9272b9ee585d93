#pragma once

#include <map>
#include <string>
#include <string_view>

#include "artshop/core/ports/search_text_folder.hpp"
#include "artshop/core/ports/word_stemmer.hpp"
#include "artshop/core/text.hpp"

namespace artshop::fakes {

// Folds ASCII and the few accented letters the search tests write, as ICU's folding would.
class AccentFolder final : public SearchTextFolder {
 public:
  std::string fold(std::string_view text) const override {
    static const std::map<char32_t, std::string_view> folded_letters{
        {U'É', "e"}, {U'é', "e"}, {U'È', "e"}, {U'è', "e"}, {U'ê', "e"}, {U'à', "a"},
        {U'ç', "c"}, {U'Ö', "o"}, {U'ö', "o"}, {U'ü', "u"}, {U'ß', "ss"}};
    std::string out;
    text::for_each_code_point(
        text, [&](std::optional<char32_t> code_point, std::string_view bytes) {
          if (code_point && *code_point >= U'A' && *code_point <= U'Z') {
            out += static_cast<char>(*code_point - U'A' + U'a');
          } else if (const auto folded =
                         code_point ? folded_letters.find(*code_point) : folded_letters.end();
                     folded != folded_letters.end()) {
            out += folded->second;
          } else {
            out += bytes;
          }
        });
    return out;
  }
  // Greek and Cyrillic letters are letters; the em dash and the rest of punctuation are not.
  bool is_word_character(char32_t code_point) const override {
    return code_point >= U'\u0370' && code_point <= U'\u04FF';
  }
};

// The English stems of the words the search tests use, as Snowball gives them; any other word
// is its own stem.
class TableStemmer final : public WordStemmer {
 public:
  std::string stem(std::string_view word) const override {
    static const std::map<std::string_view, std::string_view> stems{
        {"cathedral", "cathedr"}, {"cathedrals", "cathedr"}, {"cathedrale", "cathedral"},
        {"herons", "heron"},      {"owls", "owl"},           {"dancing", "danc"},
        {"dance", "danc"},        {"towers", "tower"},       {"wandering", "wander"},
        {"zebras", "zebra"}};
    const auto found = stems.find(word);
    return std::string(found == stems.end() ? word : found->second);
  }
};

}  // namespace artshop::fakes
