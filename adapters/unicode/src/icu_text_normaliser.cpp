#include "artshop/unicode/icu_text_normaliser.hpp"

#include <string>

#include "icu_strings.hpp"

namespace artshop::unicode {
namespace {

std::string normalise(const icu::Normalizer2& form, std::string_view text) {
  auto normalised = detail::from_utf8(text);
  detail::normalise_in_place(form, normalised);
  return detail::to_utf8(normalised);
}

}  // namespace

IcuTextNormaliser::IcuTextNormaliser()
    : nfc_(detail::load_normaliser(&icu::Normalizer2::getNFCInstance, "NFC")),
      nfkc_(detail::load_normaliser(&icu::Normalizer2::getNFKCInstance, "NFKC")) {}

std::string IcuTextNormaliser::nfc(std::string_view text) const {
  return normalise(nfc_, text);
}

std::string IcuTextNormaliser::nfkc(std::string_view text) const {
  return normalise(nfkc_, text);
}

std::string IcuTextNormaliser::casefold(std::string_view text) const {
  auto folded = detail::from_utf8(text);
  folded.foldCase(U_FOLD_CASE_DEFAULT);
  return detail::to_utf8(folded);
}

}  // namespace artshop::unicode
