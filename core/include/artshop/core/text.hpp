#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

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

// True when `text` holds a C0 control character (including CR and LF) or DEL. Single-line
// fields reject them: they end up in mail headers and on invoices.
bool has_control_characters(std::string_view text) noexcept;

}  // namespace artshop::text
