#pragma once

#include <string>
#include <string_view>

namespace artshop {

// Text as catalogue search compares it, which needs the Unicode tables core does not carry
// (an adapter answers with ICU). Core splits the folded text into words itself and asks only
// about characters beyond ASCII. Implementations are thread-safe.
class SearchTextFolder {
 public:
  virtual ~SearchTextFolder() = default;

  // `text` (well-formed UTF-8) with case folded and diacritics removed: full case folding,
  // compatibility decomposition (NFKD) and every combining mark dropped. "Cathédrale" becomes
  // "cathedrale", "Straße" "strasse", the ligature "ﬁ" "fi" and a full-width "Ａ" "a". The
  // answer is well-formed UTF-8 too.
  virtual std::string fold(std::string_view text) const = 0;
  // True for a character of folded text that words are made of: a letter, a digit or a mark
  // left after folding (Unicode general categories L, N and M). Everything else separates
  // words. Asked for code points above U+007F only: core knows ASCII.
  virtual bool is_word_character(char32_t code_point) const = 0;
};

}  // namespace artshop
