#include "artshop/core/catalogue/search_analyser.hpp"

#include "artshop/core/text.hpp"

namespace artshop {
namespace {

// The straight apostrophe, the typographic one (U+2019) and the modifier letter (U+02BC):
// "it's" is written with all three.
bool is_apostrophe(char32_t code_point) {
  return code_point == U'\'' || code_point == U'\u2019' || code_point == U'\u02BC';
}

// Folds ASCII letters' case only: every other character separates words.
class AsciiFolder final : public SearchTextFolder {
 public:
  std::string fold(std::string_view text) const override { return text::to_lower_ascii(text); }
  bool is_word_character(char32_t /*code_point*/) const override { return false; }
};

class NoStemmer final : public WordStemmer {
 public:
  std::string stem(std::string_view word) const override { return std::string(word); }
};

}  // namespace

const SearchAnalyser& plain_search_analyser() {
  static const AsciiFolder folder;
  static const NoStemmer stemmer;
  static const SearchAnalyser analyser(folder, stemmer);
  return analyser;
}

std::vector<std::string> SearchAnalyser::words(std::string_view text) const {
  std::vector<std::string> out;
  append_words(text, out);
  return out;
}

void SearchAnalyser::append_words(std::string_view text, std::vector<std::string>& out) const {
  const auto folded = folder_.fold(text);
  std::string word;
  const auto end_word = [&] {
    if (!word.empty()) out.push_back(std::move(word));
    word.clear();
  };
  text::for_each_code_point(folded,
                            [&](std::optional<char32_t> code_point, std::string_view bytes) {
                              if (!code_point) return end_word();
                              if (is_apostrophe(*code_point)) return;
                              if (!is_word_character(*code_point)) return end_word();
                              word.append(bytes);
                            });
  end_word();
}

std::uint64_t SearchAnalyser::fingerprint() const {
  static constexpr std::string_view kSample =
      "Cathédrale STRASSE Straße ﬁne Ｆｕｌｌ naïve it’s rain-slick running owls cities "
      "ΣΊΣΥΦΟΣ Ørsted 2024 Ĳssel";
  // FNV-1a over each word and its stem, a zero byte after each.
  std::uint64_t hash = 0xCBF29CE484222325ULL;
  const auto add = [&hash](std::string_view bytes) {
    for (const auto byte : bytes) {
      hash = (hash ^ static_cast<unsigned char>(byte)) * 0x100000001B3ULL;
    }
    hash *= 0x100000001B3ULL;
  };
  for (const auto& word : words(kSample)) {
    add(word);
    add(stem(word));
  }
  return hash;
}

bool SearchAnalyser::is_word_character(char32_t code_point) const {
  if (code_point < 0x80) {
    return (code_point >= U'a' && code_point <= U'z') ||
           (code_point >= U'0' && code_point <= U'9') || (code_point >= U'A' && code_point <= U'Z');
  }
  return folder_.is_word_character(code_point);
}

}  // namespace artshop
