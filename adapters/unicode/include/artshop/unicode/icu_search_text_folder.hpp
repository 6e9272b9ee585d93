#pragma once

#include <unicode/normalizer2.h>

#include "artshop/core/ports/search_text_folder.hpp"

namespace artshop {

// SearchTextFolder with ICU's tables (the Unicode version of the installed libicu). Text is
// folded as NFKC_Casefold (full case folding, compatibility forms such as ligatures and
// full-width letters, default-ignorable characters such as the soft hyphen removed), then
// decomposed and stripped of its non-spacing and enclosing marks, which is where diacritics
// live ("é" is "e" + U+0301), then composed again so that a Korean syllable stays one
// character. Spacing marks stay: in Indic scripts they are vowels, part of the word.
// Text that is all ASCII, every title and tag of a seeded catalogue, is only lower-cased,
// without ICU: indexing a million offers folds every title, tag and description.
// The normalisers ICU hands out are shared and immutable, so one instance serves every thread.
class IcuSearchTextFolder final : public SearchTextFolder {
 public:
  // Throws std::runtime_error when ICU cannot load its data.
  IcuSearchTextFolder();

  std::string fold(std::string_view text) const override;
  bool is_word_character(char32_t code_point) const override;

 private:
  const icu::Normalizer2& nfkc_casefold_;
  const icu::Normalizer2& nfd_;
  const icu::Normalizer2& nfc_;
};

}  // namespace artshop
