#include "artshop/core/text.hpp"

#include <algorithm>
#include <cstdint>

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

std::optional<std::size_t> utf8_length(std::string_view text) noexcept {
  std::size_t count = 0;
  std::size_t i = 0;
  while (i < text.size()) {
    const auto lead = static_cast<std::uint8_t>(text[i]);
    std::size_t extra = 0;
    std::uint32_t code_point = 0;
    std::uint32_t smallest = 0;  // the least value this length may encode (no overlong forms)
    if (lead < 0x80U) {
      code_point = lead;
    } else if ((lead & 0xE0U) == 0xC0U) {
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
      return std::nullopt;  // a stray continuation byte or an invalid lead byte
    }
    if (extra >= text.size() - i) return std::nullopt;  // truncated sequence
    for (std::size_t k = 1; k <= extra; ++k) {
      const auto byte = static_cast<std::uint8_t>(text[i + k]);
      if (!is_continuation(byte)) return std::nullopt;
      code_point = (code_point << 6U) | (byte & 0x3FU);
    }
    if (code_point < smallest || code_point > 0x10FFFFU) return std::nullopt;
    if (code_point >= 0xD800U && code_point <= 0xDFFFU) return std::nullopt;
    i += extra + 1;
    ++count;
  }
  return count;
}

bool has_control_characters(std::string_view text) noexcept {
  return std::ranges::any_of(text, [](char c) {
    const auto byte = static_cast<std::uint8_t>(c);
    return byte < 0x20U || byte == 0x7FU;
  });
}

}  // namespace artshop::text
