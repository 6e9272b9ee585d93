#include "icu_strings.hpp"

#include <cstdint>
#include <stdexcept>

namespace artshop::unicode::detail {

const icu::Normalizer2& load_normaliser(const icu::Normalizer2* (*get)(UErrorCode&),
                                        const char* name) {
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

void normalise_in_place(const icu::Normalizer2& form, icu::UnicodeString& text) {
  UErrorCode status = U_ZERO_ERROR;
  text = form.normalize(text, status);
  if (U_FAILURE(status))
    throw std::runtime_error(std::string("ICU normalisation: ") + u_errorName(status));
}

}  // namespace artshop::unicode::detail
