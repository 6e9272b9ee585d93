#pragma once

#include <string>
#include <string_view>

namespace artshop {

// Unicode normalisation and case folding, which need the Unicode tables core does not carry
// (an adapter answers with ICU). Input and output are well-formed UTF-8; core checks the text
// before asking. Implementations are thread-safe.
class TextNormaliser {
 public:
  virtual ~TextNormaliser() = default;

  // Canonical composition (NFC): "A" followed by a combining diaeresis becomes "Ä", so text
  // that looks the same is the same.
  virtual std::string nfc(std::string_view text) const = 0;
  // Compatibility composition (NFKC): also a full-width "Ａ" becomes "A" and the ligature "ﬁ"
  // becomes "fi".
  virtual std::string nfkc(std::string_view text) const = 0;
  // Full case folding (Unicode CaseFolding.txt, statuses C and F): "Ä" becomes "ä", "ß" becomes
  // "ss". For comparing, never for showing.
  virtual std::string casefold(std::string_view text) const = 0;
};

}  // namespace artshop
