#include "artshop/core/orders/artworks.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>

namespace artshop {
namespace {

bool is_file_name_safe(char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '_';
}

}  // namespace

ImageSize size_at_long_edge(int width, int height, int long_edge) noexcept {
  if (width <= 0 || height <= 0 || long_edge <= 0) return {};
  const std::int64_t longer = std::max(width, height);
  const std::int64_t shorter = std::min(width, height);
  const auto scaled = static_cast<int>(
      std::max<std::int64_t>(1, (shorter * long_edge * 2 + longer) / (2 * longer)));
  return width >= height ? ImageSize{long_edge, scaled} : ImageSize{scaled, long_edge};
}

std::string artwork_file_name(std::string_view url_name, std::string_view size_name) {
  std::string size(size_name);
  for (auto& c : size) {
    if (!is_file_name_safe(c)) c = '-';
  }
  return fmt::format("{}-{}.jpg", url_name, size);
}

}  // namespace artshop
