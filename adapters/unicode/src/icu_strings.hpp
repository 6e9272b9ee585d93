#pragma once

#include <unicode/normalizer2.h>
#include <unicode/unistr.h>

#include <string>
#include <string_view>

// What the ICU adapters share: loading ICU's normalisers and moving text between UTF-8 and
// ICU's UTF-16 strings.
namespace artshop::unicode::detail {

// One of ICU's shared, immutable normalisers (Normalizer2::getNFCInstance and its siblings).
// Throws std::runtime_error naming `name` when ICU cannot load its data.
const icu::Normalizer2& load_normaliser(const icu::Normalizer2* (*get)(UErrorCode&),
                                        const char* name);

// Ill-formed UTF-8 becomes U+FFFD.
icu::UnicodeString from_utf8(std::string_view text);
std::string to_utf8(const icu::UnicodeString& text);

// `text` normalised to `form`, in place. Throws std::runtime_error when ICU fails, which for
// well-formed text only happens when memory runs out.
void normalise_in_place(const icu::Normalizer2& form, icu::UnicodeString& text);

}  // namespace artshop::unicode::detail
