#include "artshop/unicode/icu_search_text_folder.hpp"

#include <unicode/uchar.h>

#include <algorithm>
#include <cstdint>
#include <string>

#include "icu_strings.hpp"

namespace artshop {
namespace {

bool is_ascii(std::string_view text) {
  return std::ranges::all_of(text, [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

std::string ascii_lower(std::string_view text) {
  std::string out(text);
  for (auto& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

bool is_dropped_mark(UChar32 code_point) {
  return (U_GET_GC_MASK(code_point) & (U_GC_MN_MASK | U_GC_ME_MASK)) != 0;
}

// `text` without its non-spacing and enclosing marks.
icu::UnicodeString without_marks(const icu::UnicodeString& text) {
  icu::UnicodeString out(text.length(), 0, 0);  // room for all of it, empty
  for (std::int32_t i = 0; i < text.length();) {
    const auto code_point = text.char32At(i);
    if (!is_dropped_mark(code_point)) out.append(code_point);
    i += U16_LENGTH(code_point);
  }
  return out;
}

}  // namespace

IcuSearchTextFolder::IcuSearchTextFolder()
    : nfkc_casefold_(unicode::detail::load_normaliser(&icu::Normalizer2::getNFKCCasefoldInstance,
                                                      "NFKC_Casefold")),
      nfd_(unicode::detail::load_normaliser(&icu::Normalizer2::getNFDInstance, "NFD")),
      nfc_(unicode::detail::load_normaliser(&icu::Normalizer2::getNFCInstance, "NFC")) {}

std::string IcuSearchTextFolder::fold(std::string_view text) const {
  if (is_ascii(text)) return ascii_lower(text);
  auto folded = unicode::detail::from_utf8(text);
  unicode::detail::normalise_in_place(nfkc_casefold_, folded);
  unicode::detail::normalise_in_place(nfd_, folded);
  folded = without_marks(folded);
  unicode::detail::normalise_in_place(nfc_, folded);
  return unicode::detail::to_utf8(folded);
}

bool IcuSearchTextFolder::is_word_character(char32_t code_point) const {
  return (U_GET_GC_MASK(static_cast<UChar32>(code_point)) &
          (U_GC_L_MASK | U_GC_N_MASK | U_GC_M_MASK)) != 0;
}

}  // namespace artshop
