#include "artshop/unicode/icu_text_normaliser.hpp"

#include <unicode/unistr.h>

#include <cstdint>
#include <stdexcept>
#include <string>

namespace artshop::unicode {
namespace {

const icu::Normalizer2& load(const icu::Normalizer2* (*get)(UErrorCode&), const char* name) {
  UErrorCode status = U_ZERO_ERROR;
  const auto* instance = get(status);
  if (U_FAILURE(status) || instance == nullptr) {
    throw std::runtime_error(std::string("ICU cannot load its ") + name +
                             " data: " + u_errorName(status));
  }
  return *instance;
}

icu::UnicodeString from_utf8(std::string_view text) {
  return icu::UnicodeString::fromUTF8(
      icu::StringPiece(text.data(), static_cast<std::int32_t>(text.size())));
}

std::string to_utf8(const icu::UnicodeString& text) {
  std::string out;
  text.toUTF8String(out);
  return out;
}

std::string normalise(const icu::Normalizer2& form, std::string_view text) {
  UErrorCode status = U_ZERO_ERROR;
  const auto result = form.normalize(from_utf8(text), status);
  // Normalising well-formed text fails only when memory does.
  if (U_FAILURE(status))
    throw std::runtime_error(std::string("ICU normalisation: ") + u_errorName(status));
  return to_utf8(result);
}

}  // namespace

IcuTextNormaliser::IcuTextNormaliser()
    : nfc_(load(&icu::Normalizer2::getNFCInstance, "NFC")),
      nfkc_(load(&icu::Normalizer2::getNFKCInstance, "NFKC")) {}

std::string IcuTextNormaliser::nfc(std::string_view text) const {
  return normalise(nfc_, text);
}

std::string IcuTextNormaliser::nfkc(std::string_view text) const {
  return normalise(nfkc_, text);
}

std::string IcuTextNormaliser::casefold(std::string_view text) const {
  auto folded = from_utf8(text);
  folded.foldCase(U_FOLD_CASE_DEFAULT);
  return to_utf8(folded);
}

}  // namespace artshop::unicode
