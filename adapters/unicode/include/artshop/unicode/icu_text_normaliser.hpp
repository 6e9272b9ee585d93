#pragma once

#include <unicode/normalizer2.h>

#include "artshop/core/ports/text_normaliser.hpp"

namespace artshop::unicode {

// TextNormaliser with ICU's tables (the Unicode version of the installed libicu). The
// normalisers ICU hands out are shared and immutable, so one instance serves every thread.
class IcuTextNormaliser final : public TextNormaliser {
 public:
  // Throws std::runtime_error when ICU cannot load its data.
  IcuTextNormaliser();

  std::string nfc(std::string_view text) const override;
  std::string nfkc(std::string_view text) const override;
  std::string casefold(std::string_view text) const override;

 private:
  const icu::Normalizer2& nfc_;
  const icu::Normalizer2& nfkc_;
};

}  // namespace artshop::unicode
