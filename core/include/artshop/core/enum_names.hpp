#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>
#include <utility>

// The names of an enum's values as they are stored and sent, kept in one table per enum.
namespace artshop {

template <class Enum, std::size_t N>
using EnumNames = std::array<std::pair<Enum, std::string_view>, N>;

// The text of `value` in `names`; the first entry's for a value not listed.
template <class Enum, std::size_t N>
constexpr std::string_view name_in(const EnumNames<Enum, N>& names, Enum value) noexcept {
  for (const auto& [known, text] : names) {
    if (known == value) return text;
  }
  return names.front().second;
}

// The value named `text` in `names`; none for a text not listed.
template <class Enum, std::size_t N>
constexpr std::optional<Enum> parse_in(const EnumNames<Enum, N>& names,
                                       std::string_view text) noexcept {
  for (const auto& [value, known] : names) {
    if (known == text) return value;
  }
  return std::nullopt;
}

}  // namespace artshop
