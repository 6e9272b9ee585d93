#include "artshop/core/validation.hpp"

#include <fmt/format.h>

#include <charconv>
#include <limits>

namespace artshop {

void ValidationErrors::add(std::string_view field, std::string message) {
  auto& messages = by_field_[std::string(field)];
  for (const auto& existing : messages) {
    if (existing == message) return;
  }
  messages.push_back(std::move(message));
}

void ValidationErrors::merge(const ValidationErrors& other) {
  for (const auto& [field, messages] : other.by_field_) {
    for (const auto& message : messages) add(field, message);
  }
}

int read_page_number(const std::optional<std::string>& text, std::string_view field, int fallback,
                     int max, ValidationErrors& errors) {
  if (!text || text->empty()) return fallback;
  int value = 0;
  const auto* end = text->data() + text->size();
  const auto [rest, error] = std::from_chars(text->data(), end, value);
  if (error == std::errc{} && rest == end && value >= 1 && value <= max) return value;
  errors.add(field, max == std::numeric_limits<int>::max()
                        ? fmt::format("{} must be a whole number from 1.", field)
                        : fmt::format("{} must be a whole number from 1 to {}.", field, max));
  return fallback;
}

const std::vector<std::string>& ValidationErrors::messages(std::string_view field) const {
  static const std::vector<std::string> none;
  const auto found = by_field_.find(field);
  return found == by_field_.end() ? none : found->second;
}

}  // namespace artshop
