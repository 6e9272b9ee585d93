#include "artshop/core/text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <string>

namespace artshop::text {

namespace {

bool is_ascii_space(char c) noexcept {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

char lower(char c) noexcept {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}
char upper(char c) noexcept {
  return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
}

bool is_continuation(std::uint8_t byte) noexcept {
  return (byte & 0xC0U) == 0x80U;
}

}  // namespace

std::string_view trim(std::string_view text) noexcept {
  while (!text.empty() && is_ascii_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_ascii_space(text.back())) text.remove_suffix(1);
  return text;
}

std::string to_lower_ascii(std::string_view text) {
  std::string result(text);
  std::ranges::transform(result, result.begin(), lower);
  return result;
}

std::string to_upper_ascii(std::string_view text) {
  std::string result(text);
  std::ranges::transform(result, result.begin(), upper);
  return result;
}

bool equal_ignoring_ascii_case(std::string_view a, std::string_view b) noexcept {
  return std::ranges::equal(a, b, [](char x, char y) { return lower(x) == lower(y); });
}

namespace detail {

std::pair<std::optional<char32_t>, std::size_t> decode_utf8(std::string_view text) noexcept {
  constexpr std::pair<std::optional<char32_t>, std::size_t> kMalformed{std::nullopt, 1};
  const auto lead = static_cast<std::uint8_t>(text.front());
  std::size_t extra = 0;
  std::uint32_t code_point = 0;
  std::uint32_t smallest = 0;  // the least value this length may encode (no overlong forms)
  if (lead < 0x80U) return {lead, 1};
  if ((lead & 0xE0U) == 0xC0U) {
    extra = 1;
    code_point = lead & 0x1FU;
    smallest = 0x80U;
  } else if ((lead & 0xF0U) == 0xE0U) {
    extra = 2;
    code_point = lead & 0x0FU;
    smallest = 0x800U;
  } else if ((lead & 0xF8U) == 0xF0U) {
    extra = 3;
    code_point = lead & 0x07U;
    smallest = 0x10000U;
  } else {
    return kMalformed;  // a stray continuation byte or an invalid lead byte
  }
  if (extra >= text.size()) return kMalformed;  // truncated sequence
  for (std::size_t k = 1; k <= extra; ++k) {
    const auto byte = static_cast<std::uint8_t>(text[k]);
    if (!is_continuation(byte)) return kMalformed;
    code_point = (code_point << 6U) | (byte & 0x3FU);
  }
  if (code_point < smallest || code_point > 0x10FFFFU) return kMalformed;
  if (code_point >= 0xD800U && code_point <= 0xDFFFU) return kMalformed;
  return {static_cast<char32_t>(code_point), extra + 1};
}

}  // namespace detail

std::optional<std::size_t> utf8_length(std::string_view text) noexcept {
  std::size_t count = 0;
  bool well_formed = true;
  for_each_code_point(text, [&](std::optional<char32_t> code_point, std::string_view) {
    well_formed = well_formed && code_point.has_value();
    ++count;
  });
  if (!well_formed) return std::nullopt;
  return count;
}

bool is_control_character(char32_t c) noexcept {
  return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0x061C || c == 0x200E || c == 0x200F ||
         c == 0x2028 || c == 0x2029 || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

namespace {

bool has_control_characters_except(std::string_view text, std::u32string_view allowed) noexcept {
  bool found = false;
  for_each_code_point(text, [&](std::optional<char32_t> code_point, std::string_view) {
    found = found || !code_point ||
            (is_control_character(*code_point) && !allowed.contains(*code_point));
  });
  return found;
}

}  // namespace

bool has_control_characters(std::string_view text) noexcept {
  return has_control_characters_except(text, {});
}

std::string escape_control_characters(std::string_view text) {
  if (!has_control_characters(text)) return std::string(text);
  std::string escaped;
  escaped.reserve(text.size() + 16);
  for_each_code_point(text, [&](std::optional<char32_t> code_point, std::string_view bytes) {
    if (code_point && !is_control_character(*code_point)) {
      escaped += bytes;
    } else if (code_point && *code_point >= 0x80) {
      escaped += fmt::format("\\u{{{:04X}}}", static_cast<std::uint32_t>(*code_point));
    } else {
      escaped += fmt::format("\\x{:02x}", static_cast<unsigned char>(bytes.front()));
    }
  });
  return escaped;
}

bool has_control_characters_besides_line_breaks(std::string_view text) noexcept {
  return has_control_characters_except(text, U"\n\r\t");
}

std::string percent_encode(std::string_view text) {
  std::string encoded;
  for (const char c : text) {
    const bool unreserved = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
                            (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' || c == '~';
    if (unreserved) {
      encoded += c;
    } else {
      encoded += fmt::format("%{:02X}", static_cast<unsigned char>(c));
    }
  }
  return encoded;
}

}  // namespace artshop::text
