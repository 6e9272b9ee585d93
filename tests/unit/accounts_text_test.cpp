#include <gtest/gtest.h>

#include "artshop/core/text.hpp"

namespace artshop::text {
namespace {

TEST(AccountText, Trim_RemovesSurroundingAsciiWhitespaceOnly) {
  EXPECT_EQ(trim(" \t\r\n a b \n"), "a b");
  EXPECT_EQ(trim("   "), "");
  EXPECT_EQ(trim("\u00A0x\u00A0"), "\u00A0x\u00A0");  // a no-break space is content
}

TEST(AccountText, Utf8Length_CountsCodePointsNotBytes) {
  EXPECT_EQ(utf8_length(""), 0U);
  EXPECT_EQ(utf8_length("abc"), 3U);
  EXPECT_EQ(utf8_length("\u00E9\u00E9"), 2U);          // 2 bytes each
  EXPECT_EQ(utf8_length("\u20AC"), 1U);                // 3 bytes
  EXPECT_EQ(utf8_length("\U0001F600\U0001F600"), 2U);  // 4 bytes each
}

TEST(AccountText, Utf8Length_WithMalformedSequences_ReturnsNothing) {
  EXPECT_FALSE(utf8_length("\x80"));              // stray continuation byte
  EXPECT_FALSE(utf8_length("\xC3"));              // truncated two-byte sequence
  EXPECT_FALSE(utf8_length("\xE2\x82"));          // truncated three-byte sequence
  EXPECT_FALSE(utf8_length("\xC0\xAF"));          // overlong '/'
  EXPECT_FALSE(utf8_length("\xE0\x80\xAF"));      // overlong '/'
  EXPECT_FALSE(utf8_length("\xED\xA0\x80"));      // UTF-16 surrogate D800
  EXPECT_FALSE(utf8_length("\xF4\x90\x80\x80"));  // past U+10FFFF
  EXPECT_FALSE(utf8_length("\xFF"));
  EXPECT_FALSE(utf8_length("a\xC3("));  // lead byte followed by ASCII
}

TEST(AccountText, CaseHelpers_TouchAsciiLettersOnly) {
  EXPECT_EQ(to_lower_ascii("AbC-\u00C9"), "abc-\u00C9");
  EXPECT_EQ(to_upper_ascii("abc-\u00E9"), "ABC-\u00E9");
  EXPECT_TRUE(equal_ignoring_ascii_case("Hello", "hELLO"));
  EXPECT_FALSE(equal_ignoring_ascii_case("Hello", "Hello!"));
}

TEST(AccountText, HasControlCharacters_FindsLineBreaksTabsAndDelete) {
  EXPECT_TRUE(has_control_characters("a\nb"));
  EXPECT_TRUE(has_control_characters("a\tb"));
  EXPECT_TRUE(has_control_characters("a\x7F"));
  EXPECT_FALSE(has_control_characters("Stra\u00DFe 1"));
}

TEST(AccountText, HasControlCharacters_FindsC1BidiControlsAndSeparators) {
  for (const auto* text : {"a\u0085b", "a\u009Bb", "a\u2028b", "a\u2029b", "a\u202Eb", "a\u202Ab",
                           "a\u200Eb", "a\u200Fb", "a\u061Cb", "a\u2066b", "a\u2069b"}) {
    EXPECT_TRUE(has_control_characters(text)) << text;
  }
  EXPECT_TRUE(has_control_characters("a\xC3")) << "malformed text is never clean";
  EXPECT_FALSE(has_control_characters("\u05E9\u05DC\u05D5\u05DD \u00A0\u20AC\U0001F600"));
}

TEST(AccountText, HasControlCharactersBesidesLineBreaks_AllowsOnlyLineBreaksAndTabs) {
  EXPECT_FALSE(has_control_characters_besides_line_breaks("a\r\nb\tc"));
  EXPECT_TRUE(has_control_characters_besides_line_breaks("a\u2028b"));
  EXPECT_TRUE(has_control_characters_besides_line_breaks("a\u202Eb"));
  EXPECT_TRUE(has_control_characters_besides_line_breaks("a\x1B[31m"));
}

TEST(AccountText, EscapeControlCharacters_WritesThemAsEscapesAndLeavesTheRest) {
  EXPECT_EQ(escape_control_characters("J\u00FCrgen \u20AC"), "J\u00FCrgen \u20AC");
  EXPECT_EQ(escape_control_characters("a\nb\x1B"), "a\\x0ab\\x1b");
  EXPECT_EQ(escape_control_characters("a\u0085b\u2028c\u202Ed"), "a\\u{0085}b\\u{2028}c\\u{202E}d");
  EXPECT_EQ(escape_control_characters("a\xC3("), "a\\xc3(") << "a malformed byte alone";
}

}  // namespace
}  // namespace artshop::text
