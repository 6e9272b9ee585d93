#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

// Small text helpers shared by the account rules. Form fields arrive as UTF-8; lengths are
// counted in Unicode code points because that is what a person calls "characters".
namespace artshop::text {

// Without leading and trailing ASCII whitespace (space, tab, CR, LF, VT, FF).
std::string_view trim(std::string_view text) noexcept;

std::string to_lower_ascii(std::string_view text);
std::string to_upper_ascii(std::string_view text);
bool equal_ignoring_ascii_case(std::string_view a, std::string_view b) noexcept;

// The number of code points, or nullopt when `text` is not well-formed UTF-8 (overlong
// forms, surrogates, values past U+10FFFF and truncated sequences are all rejected).
std::optional<std::size_t> utf8_length(std::string_view text) noexcept;

// True for a code point no stored text may hold: C0 controls and DEL, C1 controls (U+0080 to
// U+009F, NEL U+0085 among them), the line and paragraph separators U+2028 and U+2029, and the
// bidirectional formatting characters (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to
// U+2069). They end up in mail headers, on invoices and in the log, where a separator starts a
// line of its own and an override (U+202E) makes "gpj.exe" show as "exe.jpg".
bool is_control_character(char32_t code_point) noexcept;

// True when `text` holds a control character (is_control_character(), CR, LF and tab included)
// or is not well-formed UTF-8. Single-line fields refuse such text.
bool has_control_characters(std::string_view text) noexcept;

// As has_control_characters(), but line breaks and tabs (LF, CR, tab) are text: for the fields
// that span lines.
bool has_control_characters_besides_line_breaks(std::string_view text) noexcept;

// `text` as it may go into a log line, where nothing should be able to start a line of its own
// or turn what follows around: each control character (has_control_characters()) written as
// \xNN below U+0080 and as \u{XXXX} above it, and each byte of malformed UTF-8 as \xNN.
std::string escape_control_characters(std::string_view text);

// Percent-encoding (RFC 3986): the unreserved characters (ASCII letters, digits, - . _ ~) stay,
// every other byte becomes %XX, upper-case hex. For query values and URI labels.
std::string percent_encode(std::string_view text);

// Each code point of `text` in turn to `visit(code_point, bytes)`; a byte that starts no
// well-formed sequence goes alone with the code point nullopt.
template <class Visit>
void for_each_code_point(std::string_view text, Visit&& visit);

namespace detail {
// The code point starting `text` and the length of its sequence; nullopt and 1 when `text` does
// not start with a well-formed sequence (overlong, surrogate, past U+10FFFF, truncated).
std::pair<std::optional<char32_t>, std::size_t> decode_utf8(std::string_view text) noexcept;
}  // namespace detail

template <class Visit>
void for_each_code_point(std::string_view text, Visit&& visit) {
  while (!text.empty()) {
    // ASCII, a byte a code point, without the call.
    if (static_cast<unsigned char>(text.front()) < 0x80) {
      visit(std::optional<char32_t>(static_cast<char32_t>(text.front())), text.substr(0, 1));
      text.remove_prefix(1);
      continue;
    }
    const auto [code_point, size] = detail::decode_utf8(text);
    visit(code_point, text.substr(0, size));
    text.remove_prefix(size);
  }
}

}  // namespace artshop::text
