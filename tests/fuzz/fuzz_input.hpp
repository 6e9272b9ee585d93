#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <utility>

// What every fuzz target shares: the input as text, cut into the parts a target feeds to
// separate parameters, and a check that aborts, so that libFuzzer keeps the input.
namespace artshop::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) noexcept {
  return {reinterpret_cast<const char*>(data), size};
}

// "head<separator>rest" as {head, rest}; without the separator, the whole text is the head.
inline std::pair<std::string_view, std::string_view> split_once(std::string_view text,
                                                                char separator) noexcept {
  const auto at = text.find(separator);
  if (at == std::string_view::npos) return {text, {}};
  return {text.substr(0, at), text.substr(at + 1)};
}

// A property of the code under test that the input broke: reported like a crash.
inline void require(bool holds, const char* property) {
  if (holds) return;
  std::fprintf(stderr, "fuzz property broken: %s\n", property);
  std::abort();
}

}  // namespace artshop::fuzz
